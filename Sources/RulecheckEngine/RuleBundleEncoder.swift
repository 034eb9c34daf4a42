import CEL
import Diagnostics
import Evaluation
import Facts
import JSON
import RuleModel

/// Writes a checked rule set as the compiled rule bundle (docs/engine.md, "The compiled rule
/// format"): every rule as data, each CEL expression as its source and the span it was written
/// at, so that `RuleBundleDecoder` compiles it again and reports problems where the YAML had it.
/// Rule tests are left out: they belong to CI, not to a device.
struct RuleBundleEncoder {
    private typealias Field = RuleBundleField
    private var files: [String] = []
    private var fileIndex: [String: Int] = [:]

    /// The bundle of `rules` (keys in a fixed order: the same rules give the same bytes).
    static func encode(_ rules: RuleSet) -> JSONValue {
        var encoder = RuleBundleEncoder()
        for file in rules.files { _ = encoder.file(file) }
        let calendar = encoder.calendar(rules.calendar)
        let metrics = rules.metrics.map { metric in
            var object = JSONObject([(Field.id.rawValue, .string(metric.id)),
                                     (Field.expression.rawValue, encoder.expression(metric.expression))])
            if metric.show { object[MetricRuleKey.show] = .bool(true) }
            return JSONValue.object(object)
        }
        let streaks = rules.streaks.map { encoder.streak($0) }
        let achievements = rules.achievements.map { encoder.achievement($0) }
        let ranks = rules.ranks.map { rank in
            JSONValue.object(JSONObject([(RankRuleKey.id.rawValue, .string(rank.id)), (RankRuleKey.title.rawValue, .string(rank.title)),
                                         (Field.localizedTitle.rawValue, encoder.text(rank.localizedTitle)),
                                         (RankRuleKey.minPoints.rawValue, .int(Int64(rank.minPoints)))]))
        }
        let catalogs = rules.catalogs.map { encoder.catalog($0) }
        let categories = rules.categories.map { encoder.category($0) }
        let reminders = encoder.reminders(rules.reminders)
        var bundle = JSONObject([
            (Field.format.rawValue, .string(RuleBundle.format)),
            (Field.version.rawValue, .int(Int64(RuleBundle.version))),
            (Field.files.rawValue, .array(encoder.files.map(JSONValue.string))),
            (RuleFileKey.calendar.rawValue, calendar),
            (RuleFileKey.metrics.rawValue, .array(metrics)),
            (RuleFileKey.streaks.rawValue, .array(streaks)),
            (RuleFileKey.achievements.rawValue, .array(achievements)),
            (RuleFileKey.ranks.rawValue, .array(ranks)),
            (Field.catalogs.rawValue, .array(catalogs)),
            (RuleFileKey.categories.rawValue, .array(categories)),
            (Field.awardOrder.rawValue, .array(rules.awardOrder.map(JSONValue.string))),
        ])
        bundle[RuleFileKey.reminders] = reminders
        if let plan = rules.eventPlan { bundle[RuleFileKey.events] = encoder.events(plan) }
        return .object(bundle)
    }

    private mutating func file(_ path: String) -> Int {
        if let index = fileIndex[path] { return index }
        files.append(path)
        fileIndex[path] = files.count - 1
        return files.count - 1
    }

    /// `[file, line, column, end line, end column]`, the file as an index into `files`.
    mutating func span(_ span: SourceSpan) -> JSONValue {
        .array([.int(Int64(file(span.file))), .int(Int64(span.start.line)), .int(Int64(span.start.column)),
                .int(Int64(span.end.line)), .int(Int64(span.end.column))])
    }

    mutating func expression(_ expression: RuleExpression) -> JSONValue {
        .object(JSONObject([(Field.source.rawValue, .string(expression.source)), (Field.at.rawValue, span(expression.span))]))
    }

    mutating func text(_ text: LocalizedText) -> JSONValue {
        var object = JSONObject([(Field.entries.rawValue, .array(text.entries.map { entry in
            .array([entry.locale.map(JSONValue.string) ?? .null, .string(entry.text)])
        }))])
        if let at = text.span { object[Field.at] = span(at) }
        return .object(object)
    }

    private mutating func calendar(_ rule: CalendarRule) -> JSONValue {
        let timezone: JSONValue = switch rule.timezone {
        case .event: .string("event")
        case .user: .string("user")
        case .zone(let zone): .object(JSONObject([(Field.zone.rawValue, .string(zone))]))
        }
        var object = JSONObject([(CalendarRuleKey.timezone.rawValue, timezone),
                                 (CalendarRuleKey.dayStarts.rawValue, .string(rule.dayStarts.description)),
                                 (CalendarRuleKey.late.rawValue, .string(rule.late.rawValue))])
        if let kill = rule.killTime { object[CalendarRuleKey.killTime] = .string(kill.description) }
        if let at = rule.span { object[Field.at] = span(at) }
        return .object(object)
    }

    private mutating func info(_ info: AwardInfo) -> JSONValue {
        var object = JSONObject([(AwardRuleKey.id.rawValue, .string(info.id)), (AwardRuleKey.title.rawValue, .string(info.title)),
                                 (Field.localizedTitle.rawValue, text(info.localizedTitle))])
        if let description = info.description { object[AwardRuleKey.description] = .string(description) }
        if let localized = info.localizedDescription { object[Field.localizedDescription] = text(localized) }
        object[AwardRuleKey.category] = .string(info.category)
        object[AwardRuleKey.rarity] = .string(info.rarity.rawValue)
        if let icon = info.icon { object[AwardRuleKey.icon] = .string(icon) }
        object[AwardRuleKey.points] = .int(Int64(info.points))
        object[AwardRuleKey.hidden] = .bool(info.hidden)
        object[AwardRuleKey.repeatable] = .bool(info.repeatable)
        if let meta = info.meta { object[AwardRuleKey.meta] = Self.meta(meta) }
        object[Field.at] = span(info.span)
        return .object(object)
    }

    private mutating func streak(_ rule: StreakRule) -> JSONValue {
        var object = JSONObject([(StreakRuleKey.id.rawValue, .string(rule.id)), (StreakRuleKey.title.rawValue, .string(rule.title)),
                                 (Field.localizedTitle.rawValue, text(rule.localizedTitle))])
        switch rule.qualification {
        case .counts(let counts): object[StreakRuleKey.counts] = expression(counts)
        case .day(let day): object[StreakRuleKey.day] = expression(day)
        }
        if let freezes = rule.freezes {
            object[StreakRuleKey.freezes] = .object(JSONObject([(FreezesRuleKey.max.rawValue, .int(Int64(freezes.max))),
                                                                (FreezesRuleKey.refillDays.rawValue, .int(Int64(freezes.refillDays))),
                                                                (FreezesRuleKey.mode.rawValue, .string(freezes.mode.rawValue))]))
        }
        if let days = rule.backfillDays { object[StreakRuleKey.backfillDays] = .int(Int64(days)) }
        object[StreakRuleKey.milestones] = .array(rule.milestones.map { milestone in
            .object(JSONObject([(MilestoneRuleKey.days.rawValue, .int(Int64(milestone.days))), (Field.award.rawValue, info(milestone.info))]))
        })
        if let meta = rule.meta { object[StreakRuleKey.meta] = Self.meta(meta) }
        object[Field.at] = span(rule.span)
        return .object(object)
    }

    private mutating func achievement(_ rule: AchievementRule) -> JSONValue {
        var object = JSONObject([(Field.award.rawValue, info(rule.info))])
        switch rule.criterion {
        case .when(let when):
            object[AchievementRuleKey.when] = expression(when)
        case .completeModule(let module):
            var reference = JSONObject([(CompleteModuleRuleKey.catalog.rawValue, .string(module.catalog)),
                                        (CompleteModuleRuleKey.module.rawValue, .string(module.module))])
            if let difficulty = module.difficulty { reference[CompleteModuleRuleKey.difficulty] = .string(difficulty) }
            if let release = module.release { reference[CompleteModuleRuleKey.release] = .int(Int64(release)) }
            if module.levels != .counted { reference[CompleteModuleRuleKey.levels] = .string(module.levels.rawValue) }
            object[AchievementRuleKey.completeModule] = .object(reference)
        }
        switch rule.progress {
        case .measured(let current, let target):
            object[AchievementRuleKey.progress] = .object(JSONObject([(ProgressRuleKey.current.rawValue, expression(current)),
                                                                      (ProgressRuleKey.target.rawValue, expression(target))]))
        case .derived(let current, let target, let targetIsInt):
            object[AchievementRuleKey.progress] = .object(JSONObject([
                (ProgressRuleKey.current.rawValue, expression(current)),
                (ProgressRuleKey.target.rawValue, { () -> JSONValue in
                    // Held to Int64's range like the decision's target (a bound past it cannot trap).
                    if case .int(let bound) = ProgressNumber.target(target, isInt: targetIsInt) { return .int(bound) }
                    return .double(target)
                }()),
            ]))
        case .binary: object[AchievementRuleKey.progress] = .string("binary")
        case .module: object[AchievementRuleKey.progress] = .string("module")
        }
        if !rule.requires.isEmpty { object[AchievementRuleKey.requires] = .array(rule.requires.map(JSONValue.string)) }
        if let window = rule.available {
            var available = JSONObject()
            if let from = window.from { available[AvailableRuleKey.from] = Self.instant(from) }
            if let until = window.until { available[AvailableRuleKey.until] = Self.instant(until) }
            object[AchievementRuleKey.available] = .object(available)
        }
        return .object(object)
    }

    private mutating func catalog(_ rule: CatalogRule) -> JSONValue {
        let modules = rule.modules.map { module in
            var object = JSONObject([(CatalogModuleRuleKey.id.rawValue, .string(module.id)),
                                     (CatalogModuleRuleKey.title.rawValue, .string(module.title)),
                                     (Field.localizedTitle.rawValue, text(module.localizedTitle))])
            if let meta = module.meta { object[CatalogModuleRuleKey.meta] = Self.meta(meta) }
            return JSONValue.object(object)
        }
        let levels = rule.levels.map { level in
            typealias Key = CatalogLevelRuleKey
            var object = JSONObject([(Key.id.rawValue, .string(level.id)), (Key.module.rawValue, .string(level.module)),
                                     (Key.title.rawValue, .string(level.title)), (Field.localizedTitle.rawValue, text(level.localizedTitle))])
            if let asset = level.asset { object[Key.asset] = .string(asset) }
            if let difficulties = level.difficulties { object[Key.difficulties] = .array(difficulties.map(JSONValue.string)) }
            object[Key.counts] = .bool(level.counts)
            object[Key.release] = .int(Int64(level.release))
            if let meta = level.meta { object[Key.meta] = Self.meta(meta) }
            object[Field.at] = span(level.span)
            return JSONValue.object(object)
        }
        return .object(JSONObject([(CatalogRuleKey.id.rawValue, .string(rule.id)), (CatalogRuleKey.version.rawValue, .int(Int64(rule.version))),
                                   (CatalogRuleKey.modules.rawValue, .array(modules)), (CatalogRuleKey.levels.rawValue, .array(levels)),
                                   (Field.at.rawValue, span(rule.span))]))
    }

    private mutating func category(_ rule: CategoryRule) -> JSONValue {
        var object = JSONObject([(CategoryRuleKey.id.rawValue, .string(rule.id)), (CategoryRuleKey.title.rawValue, .string(rule.title)),
                                 (Field.localizedTitle.rawValue, text(rule.localizedTitle))])
        if let description = rule.description { object[CategoryRuleKey.description] = .string(description) }
        if let localized = rule.localizedDescription { object[Field.localizedDescription] = text(localized) }
        if let icon = rule.icon { object[CategoryRuleKey.icon] = .string(icon) }
        if let meta = rule.meta { object[CategoryRuleKey.meta] = Self.meta(meta) }
        object[Field.at] = span(rule.span)
        return .object(object)
    }

    /// An instant as `[seconds, nanoseconds]` since the epoch (exact, whatever the offset it was written in).
    private static func instant(_ timestamp: CELTimestamp) -> JSONValue {
        .array([.int(timestamp.seconds), .int(Int64(timestamp.nanos))])
    }

    /// `meta` as JSON: maps, lists, strings, booleans, null, integers, and doubles written with a
    /// fraction or exponent (`2.0`) so they read back as doubles; a non-finite double, which
    /// JSON cannot write, as `{"$double": "nan"}` (or `"inf"`, `"-inf"`).
    static func meta(_ value: CELValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .uint(let number): return number <= UInt64(Int64.max) ? .int(Int64(number)) : .double(Double(number))
        case .double(let number):
            guard number.isFinite else {
                return .object(JSONObject([(Field.double.rawValue, .string(number.isNaN ? "nan" : number < 0 ? "-inf" : "inf"))]))
            }
            return .double(number)
        case .string(let text): return .string(text)
        case .list(let list): return .array(list.array.map(meta))
        case .map(let map):
            return .object(JSONObject(map.entries.map { entry in
                let key: String = if case .string(let text) = entry.key { text } else { "\(entry.key)" }
                return (key: key, value: meta(entry.value))
            }))
        default: return .string("\(value)")
        }
    }
}
