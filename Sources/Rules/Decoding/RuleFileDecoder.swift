import CEL
import Diagnostics
import Foundation
import RuleModel
import YAMLSource

/// Decodes one loaded rule file into a `RuleFileDraft`: shapes, required keys, types and enum
/// values. Checks that need the whole rule set (ids, references, cycles) come later.
struct RuleFileDecoder {
    static let topLevelKeys = RuleFileKey.names

    let file: String
    /// The document being decoded, so trap messages can quote the source.
    let document: YAMLDocument?
    var diagnostics: [Diagnostic] = []
    /// Names of entries that could not be decoded, and kinds of names in parts that could not be read.
    var unread = UnreadNames()
    /// Reads `meta` values (and expected metrics), sharing the shapes of their mappings.
    var metaReader = RuleMeta()

    init(file: String, document: YAMLDocument? = nil) {
        self.file = file
        self.document = document
    }

    /// `nil` when the file is not a rule file at all (root or schema wrong).
    /// `requiringSchema: false` reads a file whose `schema` is missing or wrong as schema 1 (for
    /// the names it was meant to define; its diagnostics are then not the file's to report).
    mutating func decode(_ root: YAMLNode, requiringSchema: Bool = true) -> RuleFileDraft? {
        guard case .mapping = root.kind,
              let top = NodeReader(root, what: "the file", diagnostics: &diagnostics) else {
            diagnostics.removeAll()
            diagnostics.append(.error(RuleCode.rootNotMapping,
                                      "a rule file must be a mapping with 'schema: 1' at the top, found \(NodeReader.describe(root))",
                                      at: root.span, fix: "start the file with the line 'schema: 1'"))
            return nil
        }
        guard checkSchema(top) || !requiringSchema else { return nil }
        top.rejectUnknownKeys(allowed: Self.topLevelKeys, diagnostics: &diagnostics)
        for exclusive in [RuleFileKey.catalog.rawValue, RuleFileKey.tests.rawValue] where top.has(exclusive) {
            for pair in top.pairs {
                let key = NodeReader.keyText(pair.key)
                guard key != RuleFileKey.schema.rawValue, key != exclusive, Self.topLevelKeys.contains(key) else { continue }
                diagnostics.append(.error(
                    RuleCode.exclusiveFile, "a file with '\(exclusive)' holds nothing else but 'schema'; found '\(key)'",
                    at: pair.key.span, notes: [DiagnosticNote("'\(exclusive)' is here", at: top.keySpan(exclusive))],
                    fix: "move '\(key)' to another rule file"))
            }
        }

        var draft = RuleFileDraft(file: file)
        if let node = top.value(RuleFileKey.calendar) {
            draft.calendar = decodeCalendar(node, keySpan: top.keySpan(RuleFileKey.calendar) ?? node.span)
        }
        if let node = top.value(RuleFileKey.metrics) { draft.metrics = decodeMetrics(node) }
        if let items = section(top, .streaks) {
            for item in items {
                if let streak = decodeStreak(item) { draft.streaks.append(streak) }
            }
        }
        if let items = section(top, .achievements) {
            draft.achievements.reserveCapacity(items.count)
            for item in items {
                if let achievement = decodeAchievement(item) { draft.achievements.append(achievement) }
            }
        }
        // Awards appear in file order: streaks and achievements interleave by position.
        draft.awardOrder = awardOrder(streaks: draft.streaks, achievements: draft.achievements)
        if let items = top.list(RuleFileKey.ranks, diagnostics: &diagnostics) {
            draft.ranks = items.compactMap { decodeRank($0) }
        }
        if let items = top.list(RuleFileKey.categories, diagnostics: &diagnostics) {
            draft.categories = items.compactMap { decodeCategory($0) }
        }
        if let items = top.list(RuleFileKey.reminders, diagnostics: &diagnostics) {
            draft.reminders = items.compactMap { decodeReminder($0) }
        }
        if let node = top.value(RuleFileKey.events) {
            draft.events = decodeEventPlan(node, keySpan: top.keySpan(RuleFileKey.events) ?? node.span)
        }
        if let node = top.value(RuleFileKey.catalog), let catalog = decodeCatalog(node) { draft.catalogs = [catalog] }
        if let node = top.value(RuleFileKey.tests) {
            draft.tests = decodeTests(node, keySpan: top.keySpan(RuleFileKey.tests) ?? node.span)
        }
        draft.unread = unread
        return draft
    }

    /// The entries of a top-level list; a value of another type (reported) may have meant to
    /// define any name of the section's kinds.
    private mutating func section(_ top: NodeReader, _ key: RuleFileKey) -> [YAMLNode]? {
        guard let node = top.value(key) else { return nil }
        guard let items = NodeReader.list(node, field: key.rawValue, in: top.what, diagnostics: &diagnostics) else {
            if !NodeReader.isNull(node) { unread.open(UnreadNames.kinds(ofSection: key)) }
            return nil
        }
        return items
    }

    private mutating func checkSchema(_ top: NodeReader) -> Bool {
        guard let node = top.value(RuleFileKey.schema) else {
            diagnostics.append(.error(RuleCode.schemaMissing, "missing 'schema: 1' at the top of the rule file",
                                      at: top.headSpan, fix: "add the line 'schema: 1' at the top of the file"))
            return false
        }
        guard case .int(1)? = RuleScalar.value(of: node) else {
            let message: String
            if case .string(let text)? = RuleScalar.value(of: node) {
                message = "schema must be the number 1, found the string '\(text)'"
            } else {
                message = "unsupported schema: found \(NodeReader.describe(node)); this rulecheck reads schema 1"
            }
            diagnostics.append(.error(RuleCode.schemaUnsupported, message,
                                      at: node.span, fix: "write 'schema: 1' (a number, not quoted)"))
            return false
        }
        return true
    }

    private func awardOrder(streaks: [StreakDraft], achievements: [AchievementDraft]) -> [String] {
        var entries: [(SourcePosition, [String])] = []
        entries += streaks.map { ($0.span.start, $0.milestones.map(\.id.value)) }
        entries += achievements.map { ($0.info.span.start, [$0.id.value]) }
        return entries.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }

    // MARK: calendar

    private mutating func decodeCalendar(_ node: YAMLNode, keySpan: SourceSpan) -> CalendarDraft? {
        guard let map = NodeReader(node, what: "calendar", diagnostics: &diagnostics) else { return nil }
        map.rejectUnknownKeys(allowed: Self.calendarKeys, diagnostics: &diagnostics)
        var rule = CalendarRule(span: node.span)
        if let zone = map.string(CalendarRuleKey.timezone, diagnostics: &diagnostics) {
            switch zone.value {
            case "event": rule.timezone = .event
            case "user": rule.timezone = .user
            default:
                if TimeZone(identifier: zone.value) != nil {
                    rule.timezone = .zone(zone.value)
                } else {
                    let candidates = ["event", "user"] + TimeZone.knownTimeZoneIdentifiers
                    let suggestion = Suggestion.closest(to: zone.value, in: candidates)
                    diagnostics.append(.error(
                        RuleCode.unknownTimeZone,
                        "unknown timezone '\(zone.value)': not 'event', 'user' or an IANA time zone name\(suggestion.map { "; did you mean '\($0)'?" } ?? "")",
                        at: zone.span,
                        fix: "use 'event', 'user' or an IANA zone name such as 'Asia/Shanghai'"))
                }
            }
        }
        if let time = localTime(map, .dayStarts) { rule.dayStarts = time.value }
        let kill = localTime(map, .killTime)
        if let kill {
            rule.killTime = kill.value
            if kill.value == rule.dayStarts {
                diagnostics.append(.error(
                    RuleCode.killTimeAtDayStart,
                    "kill_time \(kill.value) equals day_starts \(rule.dayStarts); the kill time must fall inside the day, not on its boundary",
                    at: kill.span, fix: "choose a kill_time different from day_starts, or remove kill_time"))
            }
        }
        if let late = map.choice(CalendarRuleKey.late, from: ["exclude", "next_day"], diagnostics: &diagnostics) {
            rule.late = CalendarRule.LatePolicy(rawValue: late.value) ?? .exclude
        }
        return CalendarDraft(rule: rule, span: keySpan)
    }

    private mutating func localTime(_ map: NodeReader, _ key: CalendarRuleKey) -> Located<LocalTime>? {
        guard let text = map.string(key, diagnostics: &diagnostics) else { return nil }
        guard let time = LocalTime(text.value) else {
            diagnostics.append(.error(RuleCode.invalidTime,
                                      "invalid \(key.rawValue) '\(text.value)'; expected a time of day as HH:MM (00:00 to 23:59)",
                                      at: text.span, fix: "write it quoted with two digits each, such as \"04:00\""))
            return nil
        }
        return Located(time, at: text.span)
    }

    // MARK: metrics

    private mutating func decodeMetrics(_ node: YAMLNode) -> [MetricDraft] {
        guard let map = NodeReader(node, what: "metrics", diagnostics: &diagnostics) else {
            if !NodeReader.isNull(node) { unread.open(.metric) }
            return []
        }
        return map.pairs.compactMap { pair in
            let name = NodeReader.keyText(pair.key)
            guard case .mapping = pair.value.kind else {
                guard let expression = expression(pair.value, key: name, field: "metric '\(name)'") else {
                    unread.add(name, .metric)
                    return nil
                }
                return MetricDraft(id: Located(name, at: pair.key.span), expression: expression)
            }
            // `{ expr: CEL, show: true }` (docs/rules.md, "metrics").
            guard let entry = NodeReader(pair.value, what: "metric '\(name)'", diagnostics: &diagnostics) else {
                unread.add(name, .metric)
                return nil
            }
            entry.rejectUnknownKeys(allowed: Self.metricKeys, diagnostics: &diagnostics)
            let show = entry.bool(MetricRuleKey.show, diagnostics: &diagnostics)
            guard let node = entry.require(MetricRuleKey.expr, diagnostics: &diagnostics),
                  let expression = expression(node, key: MetricRuleKey.expr.rawValue, field: "metric '\(name)'") else {
                unread.add(name, .metric)
                return nil
            }
            return MetricDraft(id: Located(name, at: pair.key.span), expression: expression, show: show?.value ?? false)
        }
    }

    /// The keys of a metric written as a mapping.
    static let metricKeys = MetricRuleKey.names
    static let calendarKeys = CalendarRuleKey.names
    static let rankKeys = RankRuleKey.names

    // MARK: ranks

    private mutating func decodeRank(_ node: YAMLNode) -> RankDraft? {
        guard let map = NodeReader(node, what: "rank", diagnostics: &diagnostics) else { return nil }
        map.rejectUnknownKeys(allowed: Self.rankKeys, diagnostics: &diagnostics)
        let id = map.string(RankRuleKey.id, required: true, diagnostics: &diagnostics)
        let title = localizedText(map, RankRuleKey.title)
        let minPoints = map.int(RankRuleKey.minPoints, required: true, diagnostics: &diagnostics)
        guard let id, let minPoints else { return nil }
        return RankDraft(id: id, rule: RankRule(id: id.value, title: title?.defaultText ?? id.value, minPoints: minPoints.value,
                                                localizedTitle: title, span: node.span),
                         minPoints: minPoints)
    }

    // MARK: shared pieces

    /// A CEL expression field: a plain, quoted or block scalar. What YAML may have done to it
    /// (a tag from a leading `!`, an alias, a flow collection, a ` #` comment) is reported by
    /// the YAML layer's trap detector; a comment trap is a warning and the expression is kept.
    /// `key` is the key as written (for quoting advice), `field` names it in messages.
    mutating func expression(_ node: YAMLNode, key: String, field: String? = nil) -> ExpressionDraft? {
        if let problem = node.expressionProblem(field: key, in: document) {
            diagnostics.append(problem)
            // The entries a block scalar took in were meant to be defined: names, not unknowns.
            if let span = problem.span {
                for id in node.swallowedItems(in: document)?.ids ?? [] { unread.addSwallowed(id, at: span) }
            }
            if problem.severity == .error { return nil }
        }
        guard case .scalar(let text, _) = node.kind else { return nil }
        return ExpressionDraft(source: text, node: node, field: field ?? key)
    }

    /// Points of one award: a total over every award then stays far from overflowing.
    static let pointsRange = 0...1_000_000_000
    /// Counts of days (`max`, `refill_days`, milestone `days`): 100 years, the longest span of days
    /// a state may cover (docs/rules.md).
    static let dayCountRange = 1...36_600

    /// `value` when it lies in `range`, else an error at the value (nil).
    mutating func inRange(_ value: Located<Int>, _ range: ClosedRange<Int>, key: String, in what: String) -> Located<Int>? {
        guard !range.contains(value.value) else { return value }
        diagnostics.append(.error(RuleCode.outOfRange,
                                  "\(key) in \(what) must be between \(Self.grouped(range.lowerBound)) and \(Self.grouped(range.upperBound)), found \(value.value)",
                                  at: value.span))
        return nil
    }

    /// `36600` as `36,600`, as people write limits.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }

    /// Presentation fields shared by achievements and milestones.
    mutating func awardInfo(_ map: NodeReader, defaultCategory: String)
        -> (id: Located<String>, info: AwardInfo, categorySpan: SourceSpan?)? {
        let id = map.string(AwardRuleKey.id, required: true, diagnostics: &diagnostics)
        let title = localizedText(map, AwardRuleKey.title, required: true)
        let description = localizedText(map, AwardRuleKey.description)
        let category = map.string(AwardRuleKey.category, diagnostics: &diagnostics)
        let rarity = map.choice(AwardRuleKey.rarity, from: AwardInfo.Rarity.allCases.map(\.rawValue), diagnostics: &diagnostics)
        let icon = map.string(AwardRuleKey.icon, diagnostics: &diagnostics)
        let points = map.int(AwardRuleKey.points, diagnostics: &diagnostics)
            .flatMap { inRange($0, RuleFileDecoder.pointsRange, key: AwardRuleKey.points.rawValue, in: map.what) }
        let hidden = map.bool(AwardRuleKey.hidden, diagnostics: &diagnostics)
        let repeatable = map.bool(AwardRuleKey.repeatable, diagnostics: &diagnostics)
        let meta = meta(map, AwardRuleKey.meta)
        guard let id else { return nil }
        let info = AwardInfo(id: id.value, title: title?.defaultText ?? id.value, description: description?.defaultText,
                             category: category?.value ?? defaultCategory,
                             rarity: rarity.flatMap { AwardInfo.Rarity(rawValue: $0.value) } ?? .common,
                             icon: icon?.value, points: points?.value ?? 0, hidden: hidden?.value ?? false,
                             span: map.node.span, localizedTitle: title, localizedDescription: description,
                             repeatable: repeatable?.value ?? false, meta: meta)
        return (id, info, category?.span)
    }
}
