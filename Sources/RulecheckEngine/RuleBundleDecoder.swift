import CEL
import Diagnostics
import Facts
import JSON
import RuleModel

/// Reads a compiled rule bundle back into a `RuleSet`: every expression is compiled again
/// against the facts (metrics first, in the bundle's dependency order, each visible with its type
/// to what follows, as the YAML loader does), so a hand-edited or damaged bundle fails here
/// with the JSON path of the bad value, never later during a replay.
struct RuleBundleDecoder {
    private let file: String
    private var files: [String] = []
    private var metricTypes: [(name: String, type: CELType)] = []
    private var environments: [FactTypes.Scope: CELEnvironment] = [:]
    /// Event records typed by the bundle's tracking plan, as the YAML loader types them.
    private var records = EventRecordTypes.open

    private init(file: String) {
        self.file = file
        rebuildEnvironments()
    }

    static func decode(_ document: JSONValue, file: String) throws(RuleBundleError) -> RuleSet {
        var decoder = RuleBundleDecoder(file: file)
        return try decoder.ruleSet(BundleNode(value: document, path: .root, file: file))
    }

    private mutating func ruleSet(_ root: BundleNode) throws(RuleBundleError) -> RuleSet {
        let format = try root.field(RuleBundleField.format)
        guard try format.string() == RuleBundle.format else {
            throw format.error("not a compiled rule bundle: format must be '\(RuleBundle.format)'")
        }
        let version = try root.field(RuleBundleField.version)
        guard RuleBundle.readableVersions.contains(try version.int()) else {
            throw version.error("bundle format version \(try version.int()) is not supported (this engine reads versions \(RuleBundle.readableVersions.lowerBound) to \(RuleBundle.readableVersions.upperBound)); compile the rules again with this release")
        }
        files = try root.field(RuleBundleField.files).strings()
        // Before any expression: conditions are compiled against the plan's event types.
        let eventPlan = try self.eventPlan(root.optional(RuleFileKey.events))
        if let eventPlan {
            records = EventRecordTypes(plan: eventPlan)
            rebuildEnvironments()
        }
        let calendar = try self.calendar(root.field(RuleFileKey.calendar))
        var metrics: [MetricRule] = []
        for node in try root.field(RuleFileKey.metrics).array() {
            let id = try node.field(RuleBundleField.id).string()
            let expression = try self.expression(node.field(RuleBundleField.expression), scope: .rule, expecting: nil)
            metrics.append(MetricRule(id: id, expression: expression, show: try node.optional(MetricRuleKey.show)?.bool() ?? false))
            metricTypes.append((id, expression.program.resultType))
            rebuildEnvironments()
        }
        let streaks = try root.field(RuleFileKey.streaks).map { (node) throws(RuleBundleError) in try streak(node) }
        let achievements = try root.field(RuleFileKey.achievements).map { (node) throws(RuleBundleError) in try achievement(node) }
        let ranks = try root.field(RuleFileKey.ranks).map { (node) throws(RuleBundleError) in
            RankRule(id: try node.field(RankRuleKey.id).string(), title: try node.field(RankRuleKey.title).string(),
                     minPoints: try node.field(RankRuleKey.minPoints).int(), localizedTitle: try text(node.field(RuleBundleField.localizedTitle)))
        }
        let catalogs = try root.field(RuleBundleField.catalogs).map { (node) throws(RuleBundleError) in try catalog(node) }
        // Absent from a version 1 bundle: a rule set without categories.
        let categories = try root.optional(RuleFileKey.categories)?.map { (node) throws(RuleBundleError) in try category(node) } ?? []
        let awardOrder = try root.field(RuleBundleField.awardOrder).strings()
        var rules = RuleSet(files: files, calendar: calendar, metrics: metrics, streaks: streaks, achievements: achievements,
                            ranks: ranks, catalogs: catalogs, categories: categories, awardOrder: awardOrder)
        rules.reminders = try reminders(root.optional(RuleFileKey.reminders), streaks: streaks.map(\.id))
        rules.eventPlan = eventPlan
        try RuleBundleCheck(root: root).check(rules)
        return rules
    }

    private mutating func rebuildEnvironments() {
        let record = FactTypes.metricsRecord(metricTypes)
        for scope in [FactTypes.Scope.rule, .streakCounts, .streakDay] {
            environments[scope] = FactTypes.environment(scope: scope, metrics: record, records: records)
        }
    }

    // MARK: expressions

    enum Expectation { case bool, number }

    func expression(_ node: BundleNode, scope: FactTypes.Scope,
                            expecting: Expectation?) throws(RuleBundleError) -> RuleExpression {
        let sourceNode = try node.field(RuleBundleField.source)
        let source = try sourceNode.string()
        let span = try self.span(node.field(RuleBundleField.at))
        guard let environment = environments[scope] else { throw node.error("no environment for this expression") }
        let program: CELProgram
        do throws(CELCompileErrors) {
            program = try environment.compiled(source)
        } catch {
            let errors = error
            let issue = errors.issues.first
            var error = sourceNode.error(issue?.message ?? "not a valid CEL expression")
            error.source = issue.map { Self.position(in: span, offset: $0.offset) } ?? span
            throw error
        }
        let type = program.resultType
        let fits: Bool = switch (expecting, type) {
        case (nil, _), (_, .dyn), (_, .error), (_, .typeParam): true
        case (.bool?, .bool): true
        case (.number?, .int), (.number?, .uint), (.number?, .double): true
        default: false
        }
        guard fits else {
            var error = sourceNode.error("must be \(expecting == .bool ? "a condition (bool)" : "a number"), but this expression is of type \(type)")
            error.source = span
            throw error
        }
        return RuleExpression(source: source, span: span, program: program)
    }

    /// The position `offset` scalars into an expression written on one line; its start otherwise.
    private static func position(in span: SourceSpan, offset: Int) -> SourceSpan {
        guard span.start.line == span.end.line, offset >= 0 else { return span }
        let start = SourcePosition(line: span.start.line, column: span.start.column + offset)
        return SourceSpan(file: span.file, start: start, end: start)
    }

    func span(_ node: BundleNode) throws(RuleBundleError) -> SourceSpan {
        let parts = try node.array()
        guard parts.count == 5 else { throw node.error("expected [file, line, column, end line, end column]") }
        var numbers: [Int] = []
        for part in parts { numbers.append(try part.int()) }
        for (part, number) in zip(parts, numbers).dropFirst() where !SourcePosition.represents(number) {
            throw part.error("line or column \(number) is out of range")
        }
        guard files.indices.contains(numbers[0]) else {
            throw parts[0].error("file index \(numbers[0]) is not in 'files' (\(files.count) entries)")
        }
        return SourceSpan(file: files[numbers[0]], start: SourcePosition(line: numbers[1], column: numbers[2]),
                          end: SourcePosition(line: numbers[3], column: numbers[4]))
    }

    func text(_ node: BundleNode) throws(RuleBundleError) -> LocalizedText {
        var entries: [LocalizedText.Entry] = []
        for entry in try node.field(RuleBundleField.entries).array() {
            let parts = try entry.array()
            guard parts.count == 2 else { throw entry.error("expected [locale or null, text]") }
            let locale: String? = parts[0].value == .null ? nil : try parts[0].string()
            entries.append(LocalizedText.Entry(locale: locale, text: try parts[1].string()))
        }
        let span = try node.optional(RuleBundleField.at).map { (at) throws(RuleBundleError) in try self.span(at) }
        guard let text = LocalizedText(entries: entries, span: span) else { throw node.error("a text needs at least one entry") }
        return text
    }

    // MARK: rules

    private func calendar(_ node: BundleNode) throws(RuleBundleError) -> CalendarRule {
        let zoneNode = try node.field(CalendarRuleKey.timezone)
        let timezone: CalendarRule.TimeZonePolicy
        switch zoneNode.value {
        case .string("event"): timezone = .event
        case .string("user"): timezone = .user
        case .object: timezone = .zone(try zoneNode.field(RuleBundleField.zone).string())
        default: throw zoneNode.error("expected \"event\", \"user\" or {\"zone\": NAME}")
        }
        let startsNode = try node.field(CalendarRuleKey.dayStarts)
        guard let starts = LocalTime(try startsNode.string()) else { throw startsNode.error("expected a time HH:MM") }
        var kill: LocalTime?
        if let killNode = try node.optional(CalendarRuleKey.killTime) {
            guard let time = LocalTime(try killNode.string()) else { throw killNode.error("expected a time HH:MM") }
            kill = time
        }
        let lateNode = try node.field(CalendarRuleKey.late)
        guard let late = CalendarRule.LatePolicy(rawValue: try lateNode.string()) else {
            throw lateNode.error("expected \"exclude\" or \"next_day\"")
        }
        let span = try node.optional(RuleBundleField.at).map { (at) throws(RuleBundleError) in try self.span(at) }
        return CalendarRule(timezone: timezone, dayStarts: starts, killTime: kill, late: late, span: span)
    }

    private func info(_ node: BundleNode) throws(RuleBundleError) -> AwardInfo {
        let rarityNode = try node.field(AwardRuleKey.rarity)
        guard let rarity = AwardInfo.Rarity(rawValue: try rarityNode.string()) else {
            throw rarityNode.error("expected one of \(AwardInfo.Rarity.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return AwardInfo(
            id: try node.field(AwardRuleKey.id).string(), title: try node.field(AwardRuleKey.title).string(),
            description: try node.optional(AwardRuleKey.description)?.string(), category: try node.field(AwardRuleKey.category).string(),
            rarity: rarity, icon: try node.optional(AwardRuleKey.icon)?.string(), points: try node.field(AwardRuleKey.points).int(),
            hidden: try node.field(AwardRuleKey.hidden).bool(), span: try span(node.field(RuleBundleField.at)),
            localizedTitle: try text(node.field(RuleBundleField.localizedTitle)),
            localizedDescription: try node.optional(RuleBundleField.localizedDescription).map { (n) throws(RuleBundleError) in try text(n) },
            repeatable: try node.field(AwardRuleKey.repeatable).bool(),
            meta: try node.optional(AwardRuleKey.meta).map { (n) throws(RuleBundleError) in try Self.meta(n) })
    }

    private func streak(_ node: BundleNode) throws(RuleBundleError) -> StreakRule {
        let qualification: StreakRule.Qualification
        if let counts = try node.optional(StreakRuleKey.counts) {
            qualification = .counts(try expression(counts, scope: .streakCounts, expecting: .bool))
        } else if let day = try node.optional(StreakRuleKey.day) {
            qualification = .day(try expression(day, scope: .streakDay, expecting: .bool))
        } else {
            throw node.error("a streak needs 'counts' or 'day'")
        }
        var freezes: StreakRule.FreezePolicy?
        if let policy = try node.optional(StreakRuleKey.freezes) {
            let modeNode = try policy.field(FreezesRuleKey.mode)
            guard let mode = StreakRule.FreezePolicy.Mode(rawValue: try modeNode.string()) else {
                throw modeNode.error("expected \"manual\" or \"auto\"")
            }
            freezes = .init(max: try policy.field(FreezesRuleKey.max).int(),
                            refillDays: try policy.field(FreezesRuleKey.refillDays).int(), mode: mode)
        }
        let milestones = try node.field(StreakRuleKey.milestones).map { (milestone) throws(RuleBundleError) in
            StreakRule.Milestone(days: try milestone.field(MilestoneRuleKey.days).int(), info: try info(milestone.field(RuleBundleField.award)))
        }
        return StreakRule(id: try node.field(StreakRuleKey.id).string(), title: try node.field(StreakRuleKey.title).string(),
                          qualification: qualification, freezes: freezes,
                          backfillDays: try node.optional(StreakRuleKey.backfillDays)?.int(), milestones: milestones,
                          span: try span(node.field(RuleBundleField.at)), localizedTitle: try text(node.field(RuleBundleField.localizedTitle)),
                          meta: try node.optional(StreakRuleKey.meta).map { (n) throws(RuleBundleError) in try Self.meta(n) })
    }

    private func achievement(_ node: BundleNode) throws(RuleBundleError) -> AchievementRule {
        let criterion: AchievementRule.Criterion
        if let when = try node.optional(AchievementRuleKey.when) {
            criterion = .when(try expression(when, scope: .rule, expecting: .bool))
        } else if let module = try node.optional(AchievementRuleKey.completeModule) {
            criterion = .completeModule(try moduleCriterion(module))
        } else {
            throw node.error("an achievement needs 'when' or 'complete_module'")
        }
        let progressNode = try node.field(AchievementRuleKey.progress)
        let progress: AchievementRule.Progress
        switch progressNode.value {
        case .string("binary"): progress = .binary
        case .string("module"): progress = .module
        case .object:
            let current = try expression(progressNode.field(ProgressRuleKey.current), scope: .rule, expecting: .number)
            let targetNode = try progressNode.field(ProgressRuleKey.target)
            if case .object = targetNode.value {
                progress = .measured(current: current, target: try expression(targetNode, scope: .rule, expecting: .number))
            } else {
                let isInt: Bool = if case .int = targetNode.value.resolved { true } else { false }
                progress = .derived(current: current, target: try targetNode.number(), targetIsInt: isInt)
            }
        default:
            throw progressNode.error("expected \"binary\", \"module\" or {\"current\", \"target\"}")
        }
        var window: AchievementRule.Window?
        if let available = try node.optional(AchievementRuleKey.available) {
            window = .init(from: try available.optional(AvailableRuleKey.from).map { (n) throws(RuleBundleError) in try Self.instant(n) },
                           until: try available.optional(AvailableRuleKey.until).map { (n) throws(RuleBundleError) in try Self.instant(n) })
        }
        return AchievementRule(info: try info(node.field(RuleBundleField.award)), criterion: criterion, progress: progress,
                               requires: try node.optional(AchievementRuleKey.requires)?.strings() ?? [], available: window)
    }

    private func moduleCriterion(_ node: BundleNode) throws(RuleBundleError) -> ModuleCriterion {
        var levels = ModuleCriterion.Levels.counted
        if let levelsNode = try node.optional(CompleteModuleRuleKey.levels) {
            guard let chosen = ModuleCriterion.Levels(rawValue: try levelsNode.string()) else {
                throw levelsNode.error("expected \"counted\" or \"all\"")
            }
            levels = chosen
        }
        var release: Int?
        if let releaseNode = try node.optional(CompleteModuleRuleKey.release) {
            release = try releaseNode.int()
            guard let release, release >= 1 else { throw releaseNode.error("a release is at least 1") }
        }
        return ModuleCriterion(catalog: try node.field(CompleteModuleRuleKey.catalog).string(),
                               module: try node.field(CompleteModuleRuleKey.module).string(),
                               difficulty: try node.optional(CompleteModuleRuleKey.difficulty)?.string(), release: release, levels: levels)
    }

    private func category(_ node: BundleNode) throws(RuleBundleError) -> CategoryRule {
        CategoryRule(id: try node.field(CategoryRuleKey.id).string(), title: try node.field(CategoryRuleKey.title).string(),
                     description: try node.optional(CategoryRuleKey.description)?.string(), icon: try node.optional(CategoryRuleKey.icon)?.string(),
                     meta: try node.optional(CategoryRuleKey.meta).map { (n) throws(RuleBundleError) in try Self.meta(n) },
                     span: try span(node.field(RuleBundleField.at)), localizedTitle: try text(node.field(RuleBundleField.localizedTitle)),
                     localizedDescription: try node.optional(RuleBundleField.localizedDescription).map { (n) throws(RuleBundleError) in try text(n) })
    }

    private func catalog(_ node: BundleNode) throws(RuleBundleError) -> CatalogRule {
        typealias Module = CatalogModuleRuleKey
        typealias Level = CatalogLevelRuleKey
        let modules = try node.field(CatalogRuleKey.modules).map { (module) throws(RuleBundleError) in
            CatalogRule.Module(id: try module.field(Module.id).string(), title: try module.field(Module.title).string(),
                               localizedTitle: try text(module.field(RuleBundleField.localizedTitle)),
                               meta: try module.optional(Module.meta).map { (n) throws(RuleBundleError) in try Self.meta(n) })
        }
        let levels = try node.field(CatalogRuleKey.levels).map { (level) throws(RuleBundleError) in
            CatalogRule.Level(id: try level.field(Level.id).string(), module: try level.field(Level.module).string(),
                              title: try level.field(Level.title).string(), asset: try level.optional(Level.asset)?.string(),
                              difficulties: try level.optional(Level.difficulties)?.strings(),
                              counts: try level.field(Level.counts).bool(), release: try level.field(Level.release).int(),
                              span: try span(level.field(RuleBundleField.at)), localizedTitle: try text(level.field(RuleBundleField.localizedTitle)),
                              meta: try level.optional(Level.meta).map { (n) throws(RuleBundleError) in try Self.meta(n) })
        }
        return CatalogRule(id: try node.field(CatalogRuleKey.id).string(), version: try node.field(CatalogRuleKey.version).int(),
                           modules: modules, levels: levels, span: try span(node.field(RuleBundleField.at)))
    }

    private static func instant(_ node: BundleNode) throws(RuleBundleError) -> CELTimestamp {
        let parts = try node.array()
        guard parts.count == 2 else { throw node.error("expected [seconds, nanoseconds]") }
        let nanos = try parts[1].int()
        let timestamp = CELTimestamp(seconds: Int64(try parts[0].int()), nanos: Int32(clamping: nanos))
        guard (0..<1_000_000_000).contains(nanos), timestamp.isInRange else { throw node.error("not an instant in 0001…9999") }
        return timestamp
    }

    /// The inverse of `RuleBundleEncoder.meta`.
    static func meta(_ node: BundleNode) throws(RuleBundleError) -> CELValue {
        switch node.value.resolved {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .array:
            return .list(CELList(try node.map { (element) throws(RuleBundleError) in try meta(element) }))
        case .object(let object):
            if object.count == 1, let special = object[RuleBundleField.double]?.stringValue {
                switch special {
                case "nan": return .double(.nan)
                case "inf": return .double(.infinity)
                case "-inf": return .double(-.infinity)
                default: throw node.error("'$double' must be \"nan\", \"inf\" or \"-inf\"")
                }
            }
            var entries: [(key: String, value: CELValue)] = []
            for (key, value) in object.entries {
                entries.append((key, try meta(BundleNode(value: value, path: node.path / key, file: node.file))))
            }
            return .map(CELMap(strings: entries))
        case .literal: throw node.error("expected a number")
        }
    }
}
