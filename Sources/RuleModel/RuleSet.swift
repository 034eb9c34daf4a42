import CEL
import Diagnostics

/// A whole rule set: the union of every rule file given on the command line, typed and checked.
/// Produced by `RuleSetLoader` (module Rules); consumed by the facts and evaluation layers.
public struct RuleSet: Sendable {
    /// Rule files in sorted path order.
    package var files: [String]
    package var calendar: CalendarRule
    /// Metrics in dependency order (a metric comes after every metric it uses).
    package var metrics: [MetricRule]
    package var streaks: [StreakRule]
    package var achievements: [AchievementRule]
    package var ranks: [RankRule]
    package var catalogs: [CatalogRule]
    /// Award categories with their names (docs/rules.md, "categories"); empty when the rule set has none.
    package var categories: [CategoryRule]
    /// Every achievement and milestone id in output order (docs/evaluation.md, "The decision"): files in sorted path order,
    /// in order of appearance, a streak's milestones at the streak's place.
    package var awardOrder: [String]
    /// Reminders on upcoming changes, in rule file order (docs/rules.md, "reminders[]").
    package var reminders: [ReminderRule] = []
    /// The tracking plan (docs/rules.md, "events"); `nil` when the rule set declares none, and then
    /// event attributes stay dynamic.
    package var eventPlan: EventPlan? = nil

    package init(files: [String] = [], calendar: CalendarRule = CalendarRule(), metrics: [MetricRule] = [],
                streaks: [StreakRule] = [], achievements: [AchievementRule] = [], ranks: [RankRule] = [],
                catalogs: [CatalogRule] = [], categories: [CategoryRule] = [], awardOrder: [String] = []) {
        self.files = files
        self.calendar = calendar
        self.metrics = metrics
        self.streaks = streaks
        self.achievements = achievements
        self.ranks = ranks
        self.catalogs = catalogs
        self.categories = categories
        self.awardOrder = awardOrder
    }
}

/// A CEL expression written in a rule file, compiled against the facts (docs/facts.md).
package struct RuleExpression: Sendable {
    package var source: String
    /// Where the expression is written (the YAML scalar).
    package var span: SourceSpan
    package var program: CELProgram
    /// Where each part of the expression is written, when the loader could trace it.
    package var places: ExpressionPlaces?

    package init(source: String, span: SourceSpan, program: CELProgram, places: ExpressionPlaces? = nil) {
        self.source = source
        self.span = span
        self.program = program
        self.places = places
    }
}

/// A wall-clock time of day, `HH:MM`, as minutes after midnight.
package struct LocalTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var minutes: Int
    package init(minutes: Int) { self.minutes = minutes }
    package init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
              let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        minutes = h * 60 + m
    }
    package var hour: Int { minutes / 60 }
    package var minute: Int { minutes % 60 }
    package var description: String {
        let h = hour < 10 ? "0\(hour)" : "\(hour)", m = minute < 10 ? "0\(minute)" : "\(minute)"
        return "\(h):\(m)"
    }
    package static func < (a: LocalTime, b: LocalTime) -> Bool { a.minutes < b.minutes }
}

/// docs/rules.md, "calendar".
package struct CalendarRule: Sendable {
    package enum TimeZonePolicy: Sendable, Hashable {
        /// Each event's own UTC offset.
        case event
        /// The state file's `user.timezone`.
        case user
        /// One IANA zone for everyone.
        case zone(String)
    }
    package enum LatePolicy: String, Sendable, Hashable {
        case exclude
        case nextDay = "next_day"
    }
    package var timezone: TimeZonePolicy
    package var dayStarts: LocalTime
    package var killTime: LocalTime?
    package var late: LatePolicy
    package var span: SourceSpan?

    package init(timezone: TimeZonePolicy = .event, dayStarts: LocalTime = LocalTime(minutes: 0),
                killTime: LocalTime? = nil, late: LatePolicy = .exclude, span: SourceSpan? = nil) {
        self.timezone = timezone
        self.dayStarts = dayStarts
        self.killTime = killTime
        self.late = late
        self.span = span
    }
}

/// docs/rules.md, "metrics".
package struct MetricRule: Sendable {
    package var id: String
    package var expression: RuleExpression
    /// `show: true`: its value at `now` appears in the decision's `metrics`.
    package var show: Bool
    package init(id: String, expression: RuleExpression, show: Bool = false) {
        self.id = id
        self.expression = expression
        self.show = show
    }
}

/// Presentation fields shared by achievements and milestones.
package struct AwardInfo: Sendable {
    package enum Rarity: String, Sendable, CaseIterable {
        case common, rare, epic, legendary
    }
    package var id: String
    package var title: String
    package var description: String?
    package var category: String
    package var icon: String?
    package var points: Int
    package var span: SourceSpan
    /// The title per locale; `title` is its default text (or the text of `--locale`).
    package var localizedTitle: LocalizedText
    package var localizedDescription: LocalizedText?
    /// Free app data (a map), emitted in the JSON decision.
    package var meta: CELValue?
    // The one-byte fields together, after the others: no padding between them.
    package var rarity: Rarity
    package var hidden: Bool
    /// Unlocks again at each rising edge of its criterion (docs/evaluation.md, "Repeatable awards").
    package var repeatable: Bool

    package init(id: String, title: String, description: String? = nil, category: String = "general",
                rarity: Rarity = .common, icon: String? = nil, points: Int = 0, hidden: Bool = false,
                span: SourceSpan, localizedTitle: LocalizedText? = nil, localizedDescription: LocalizedText? = nil,
                repeatable: Bool = false, meta: CELValue? = nil) {
        self.id = id
        self.title = title
        self.description = description
        self.category = category
        self.rarity = rarity
        self.icon = icon
        self.points = points
        self.hidden = hidden
        self.span = span
        self.localizedTitle = localizedTitle ?? LocalizedText(title)
        self.localizedDescription = localizedDescription ?? description.map { LocalizedText($0) }
        self.repeatable = repeatable
        self.meta = meta
    }
}

/// docs/rules.md, "streaks[]".
package struct StreakRule: Sendable {
    package enum Qualification: Sendable {
        /// A day qualifies if it has an on-time event for which this holds (over `event`).
        case counts(RuleExpression)
        /// A day qualifies if this holds for it (over `day`).
        case day(RuleExpression)
    }
    package struct FreezePolicy: Sendable, Hashable {
        package enum Mode: String, Sendable, Hashable { case manual, auto }
        package var max: Int
        package var refillDays: Int
        package var mode: Mode
        package init(max: Int, refillDays: Int, mode: Mode) {
            self.max = max
            self.refillDays = refillDays
            self.mode = mode
        }
    }
    package struct Milestone: Sendable {
        package var days: Int
        /// Category defaults to "streak".
        package var info: AwardInfo
        package init(days: Int, info: AwardInfo) {
            self.days = days
            self.info = info
        }
    }
    package var id: String
    package var title: String
    package var qualification: Qualification
    package var freezes: FreezePolicy?
    /// `backfill_days`: the history a state's first evaluation takes in (see `docs/evaluation.md`).
    package var backfillDays: Int?
    package var milestones: [Milestone]
    package var span: SourceSpan
    package var localizedTitle: LocalizedText
    /// Free app data (a map).
    package var meta: CELValue?

    package init(id: String, title: String, qualification: Qualification, freezes: FreezePolicy? = nil,
                backfillDays: Int? = nil, milestones: [Milestone] = [], span: SourceSpan,
                localizedTitle: LocalizedText? = nil, meta: CELValue? = nil) {
        self.localizedTitle = localizedTitle ?? LocalizedText(title)
        self.meta = meta
        self.id = id
        self.title = title
        self.qualification = qualification
        self.freezes = freezes
        self.backfillDays = backfillDays
        self.milestones = milestones
        self.span = span
    }
}

/// docs/rules.md, "achievements[]".
package struct AchievementRule: Sendable {
    package enum Criterion: Sendable {
        case when(RuleExpression)
        case completeModule(ModuleCriterion)
    }
    /// How progress is measured.
    /// `indirect`: the expressions of the measured kinds live in a box, so that the far more
    /// common `binary` and `module` cost an achievement 8 bytes, not 112.
    package indirect enum Progress: Sendable {
        /// `progress: { current, target }` given explicitly, or derived from `X >= N` / `X > N`.
        case measured(current: RuleExpression, target: RuleExpression)
        /// Derived from `X >= N` / `X > N`: current = X, target = the literal (N+1 for int `>`).
        case derived(current: RuleExpression, target: Double, targetIsInt: Bool)
        /// Any other `when`: 0 or 1 of 1.
        case binary
        /// complete_module: done / total levels.
        case module
    }
    package struct Window: Sendable {
        package var from: CELTimestamp?
        package var until: CELTimestamp?
        package init(from: CELTimestamp?, until: CELTimestamp?) {
            self.from = from
            self.until = until
        }
    }
    package var info: AwardInfo
    package var criterion: Criterion
    package var progress: Progress
    package var requires: [String]
    package var available: Window?

    package init(info: AwardInfo, criterion: Criterion, progress: Progress, requires: [String] = [],
                available: Window? = nil) {
        self.info = info
        self.criterion = criterion
        self.progress = progress
        self.requires = requires
        self.available = available
    }
}

/// docs/rules.md, "ranks[]".
package struct RankRule: Sendable {
    package var id: String
    package var title: String
    package var minPoints: Int
    package var localizedTitle: LocalizedText
    /// Where the rank is written; `nil` for one decoded from a compiled bundle.
    package var span: SourceSpan?
    package init(id: String, title: String, minPoints: Int, localizedTitle: LocalizedText? = nil, span: SourceSpan? = nil) {
        self.id = id
        self.title = title
        self.minPoints = minPoints
        self.localizedTitle = localizedTitle ?? LocalizedText(title)
        self.span = span
    }
}

/// docs/rules.md, "catalog".
package struct CatalogRule: Sendable {
    package struct Module: Sendable {
        package var id: String
        package var title: String
        package var localizedTitle: LocalizedText
        /// Free app data (a map), visible to CEL as the module record's `meta`.
        package var meta: CELValue?
        /// Where the module is written; `nil` for one decoded from a compiled bundle.
        package var span: SourceSpan?
        package init(id: String, title: String, localizedTitle: LocalizedText? = nil, meta: CELValue? = nil,
                     span: SourceSpan? = nil) {
            self.id = id
            self.title = title
            self.localizedTitle = localizedTitle ?? LocalizedText(title)
            self.meta = meta
            self.span = span
        }
    }
    package struct Level: Sendable {
        package var id: String
        package var module: String
        package var title: String
        package var asset: String?
        package var difficulties: [String]?
        package var counts: Bool
        package var release: Int
        package var span: SourceSpan
        package var localizedTitle: LocalizedText
        /// Free app data (a map), visible to CEL as the level record's `meta`.
        package var meta: CELValue?
        package init(id: String, module: String, title: String, asset: String? = nil,
                    difficulties: [String]? = nil, counts: Bool = true, release: Int = 1, span: SourceSpan,
                    localizedTitle: LocalizedText? = nil, meta: CELValue? = nil) {
            self.localizedTitle = localizedTitle ?? LocalizedText(title)
            self.meta = meta
            self.id = id
            self.module = module
            self.title = title
            self.asset = asset
            self.difficulties = difficulties
            self.counts = counts
            self.release = release
            self.span = span
        }
    }
    package var id: String
    package var version: Int
    package var modules: [Module]
    package var levels: [Level]
    package var span: SourceSpan
    package init(id: String, version: Int, modules: [Module], levels: [Level], span: SourceSpan) {
        self.id = id
        self.version = version
        self.modules = modules
        self.levels = levels
        self.span = span
    }
}
