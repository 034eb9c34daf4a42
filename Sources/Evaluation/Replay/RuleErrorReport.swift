import CEL
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

    init(metrics: [MetricRule], metricValues: [(key: String, value: CELValue)]) {
        self.metrics = metrics
        self.metricValues = metricValues
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
        if let metric = origin(of: error, in: expression) {
            from = "; it comes from metric '\(metric.id)' at \(Self.position(metric.expression))"
        }
        entries.append(Entry(id: id, error: error, place: place, origin: from, event: event))
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

    /// `file:line:column` of where an expression is written.
    static func position(_ expression: RuleExpression) -> String {
        "\(expression.span.file):\(expression.span.start.line):\(expression.span.start.column)"
    }
}
