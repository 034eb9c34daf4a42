import CEL
import Facts
import RuleModel

/// The warnings about rules that could not be judged (`docs/warnings.md`): one `rule_error` per
/// award locked at `now` whose `when` or progress evaluates to an error at `now`, and one per
/// streak whose `counts` or `day` errs for some event or day up to `now`; `cost_limit` instead
/// when the error is the cost limit. Each names the CEL message, the metric the error came from
/// (the first metric, in dependency order, that the expression reads and that fails the same
/// way) and the expression's `file:line:column`.
struct RuleErrorReport {
    private struct Entry {
        var id: String
        var error: CELError
        var place: String
        /// `; it comes from metric 'm' at file:line:column`, or empty.
        var origin: String
        var event: Int?
    }

    let metrics: [MetricRule]
    /// Every metric's value at `now` (`ValuesAtNow.metrics`), read only when an error is noted:
    /// a dictionary of them built for every state would mostly be asked nothing.
    let metricValues: [(key: String, value: CELValue)]
    private var entries: [Entry] = []
    private var reported: Set<String> = []

    /// The state's events up to `now`, in time order: the event a missing attribute is shown
    /// on is found among them, so the message does not depend on which failing event an
    /// evaluation happened to keep.
    let events: [StateEvent]

    init(metrics: [MetricRule], metricValues: [(key: String, value: CELValue)], events: [StateEvent] = []) {
        self.metrics = metrics
        self.metricValues = metricValues
        self.events = events
    }

    /// Whether `id` already has its one warning.
    func hasEntry(for id: String) -> Bool { reported.contains(id) }

    /// Notes `value` of an expression of award or streak `id`; only its first error counts.
    /// - Parameters:
    ///   - what: the part of the rule, as a person names it ("condition", "progress current").
    ///   - subject: what it erred for ("for events[3]", "for day 2026-03-02"), if anything.
    /// - Parameter key: what `reported` knows it by, when not `id` (a metric, whose id may also be an award's).
    mutating func note(_ value: CELValue, id: String, what: String, expression: RuleExpression,
                       subject: String? = nil, event: Int? = nil, key: String? = nil) {
        guard case .error(let error) = value, !reported.contains(key ?? id) else { return }
        reported.insert(key ?? id)
        var place = "its \(what) at \(Self.position(expression))"
        if let subject { place += " " + subject }
        var from = ""
        let metric = origin(of: error, in: expression)
        if let metric {
            from = "; it comes from metric '\(metric.id)' at \(Self.position(metric.expression))"
        }
        var detailed = error
        detailed.message += missingKeyDetail(error, in: metric?.expression ?? expression)
        entries.append(Entry(id: id, error: detailed, place: place, origin: from, event: event))
    }

    /// The warnings, in the order the rules were noted.
    func warnings(costLimit: Int) -> [EvaluationWarning] {
        entries.map { entry in
            if entry.error.kind == .costLimitExceeded {
                return EvaluationWarning(
                    code: "cost_limit", id: entry.id,
                    message: "'\(entry.id)': \(entry.place) went over the cost limit of \(costLimit) steps\(entry.origin); "
                        + "it counts as not holding",
                    event: entry.event)
            }
            return EvaluationWarning(code: "rule_error", id: entry.id,
                                     message: "'\(entry.id)': \(entry.place) fails: \(entry.error.message)\(entry.origin)",
                                     event: entry.event)
        }
    }

    /// The first metric in dependency order that `expression` reads (directly or through other
    /// metrics) and whose value at `now` is the same error.
    private func origin(of error: CELError, in expression: RuleExpression) -> MetricRule? {
        var read = Set<String>()
        var pending = [ExpressionInputs(expression.program)]
        while let inputs = pending.popLast() {
            for metric in metrics where inputs.readsEveryMetric || inputs.metrics.contains(metric.id) {
                if read.insert(metric.id).inserted { pending.append(ExpressionInputs(metric.expression.program)) }
            }
        }
        return metrics.first { metric in
            guard read.contains(metric.id), case .error(let failure) = metricValues.first(where: { $0.key == metric.id })?.value else { return false }
            return failure == error
        }
    }

    /// For a missing key: where the expression reads it (` at file:line:column`, the attribute's
    /// own place) and the keys the map does have, so a misspelt attribute is found at once.
    func missingKeyDetail(_ error: CELError, in expression: RuleExpression) -> String {
        guard error.kind == .noSuchKey else { return "" }
        var detail = ""
        let key = Self.missingKey(error)
        if let key, let offset = Self.keyOffset(key, in: expression),
           let at = expression.places?.position(ofOffset: offset) {
            detail += " at \(expression.span.file):\(at.line):\(at.column)"
        }
        let keys = error.keysPresent
        if keys.contains("type") && keys.contains("at") {
            // An event: the first in time order that lacks the key, of a type the expression
            // names when it names any.
            let types = Self.typesNamed(in: expression)
            if let key, let event = events.first(where: { event in
                (types.isEmpty || types.contains(event.type)) && !event.attributes.keys.contains(key) && key != "type" && key != "at"
            }) {
                let own = event.attributes.keys.filter { $0 != "type" && $0 != "at" }
                detail += " (events[\(event.index)], a '\(event.type)', has " + Self.listed(["type", "at"] + own) + ")"
            }
        } else if !keys.isEmpty, !Self.iterates(expression) {
            // Outside a macro the map is the one the facts hold at `now`, whoever evaluates it.
            detail += " (the map has " + Self.listed(keys) + ")"
        }
        return detail
    }

    private static func iterates(_ expression: RuleExpression) -> Bool {
        guard let checked = expression.program.checked else { return true }
        var found = false
        checked.ast.root.walk { node, _ in
            if case .comprehension = node.kind { found = true }
            return found ? .skipChildren : .descend
        }
        return found
    }

    private static func listed(_ keys: [String]) -> String {
        keys.prefix(keysShown).map { "'\($0)'" }.joined(separator: ", ") + (keys.count > keysShown ? ", …" : "")
    }

    /// The string literals an expression compares `.type` with (`e.type == "focus_session"`).
    private static func typesNamed(in expression: RuleExpression) -> Set<String> {
        guard let checked = expression.program.checked else { return [] }
        var types = Set<String>()
        checked.ast.root.walk { node, _ in
            if case .call(nil, "_==_", let args) = node.kind, args.count == 2 {
                for (a, b) in [(args[0], args[1]), (args[1], args[0])] {
                    if case .select(_, "type", false) = a.kind, case .literal(.string(let type)) = b.kind { types.insert(type) }
                }
            }
            return .descend
        }
        return types
    }

    /// How many of a map's keys a message names.
    static let keysShown = 12

    /// `hours` of "no such key: 'hours'".
    private static func missingKey(_ error: CELError) -> String? {
        let prefix = "no such key: "
        guard error.message.hasPrefix(prefix) else { return nil }
        var key = error.message.dropFirst(prefix.count)
        if key.hasPrefix("'"), key.hasSuffix("'"), key.count >= 2 { key = key.dropFirst().dropLast() }
        return String(key)
    }

    /// The offset inside the expression of the first place it reads `key` (`.key` or `["key"]`).
    private static func keyOffset(_ key: String, in expression: RuleExpression) -> Int? {
        guard let checked = expression.program.checked else { return nil }
        var found: Int?
        checked.ast.root.walk { node, _ in
            guard found == nil else { return .skipChildren }
            switch node.kind {
            case .select(_, let field, false) where field == key:
                found = node.range.end - key.unicodeScalars.count
            case .call(nil, "_[_]", let args) where args.count == 2:
                if case .literal(.string(let literal)) = args[1].kind, literal == key { found = args[1].range.start }
            default:
                break
            }
            return .descend
        }
        return found
    }

    /// `file:line:column` of where an expression is written.
    static func position(_ expression: RuleExpression) -> String {
        "\(expression.span.file):\(expression.span.start.line):\(expression.span.start.column)"
    }
}
