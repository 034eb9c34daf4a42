import CEL
import Diagnostics

/// A whole rule set: the union of every rule file given on the command line, typed and checked.
/// Produced by `RuleSetLoader` (module Rules); consumed by the facts and evaluation layers.
public struct RuleSet: Sendable {
    /// Rule files in sorted path order.
    public var files: [String]
    public var calendar: CalendarRule
    /// Metrics in dependency order (a metric comes after every metric it uses).
    public var metrics: [MetricRule]
    public var streaks: [StreakRule]
    public var achievements: [AchievementRule]
    public var ranks: [RankRule]
    public var catalogs: [CatalogRule]
    /// Every achievement and milestone id in output order (docs/evaluation.md, "The decision"): files in sorted path order,
    /// in order of appearance, a streak's milestones at the streak's place.
    public var awardOrder: [String]

    public init(files: [String] = [], calendar: CalendarRule = CalendarRule(), metrics: [MetricRule] = [],
                streaks: [StreakRule] = [], achievements: [AchievementRule] = [], ranks: [RankRule] = [],
                catalogs: [CatalogRule] = [], awardOrder: [String] = []) {
        self.files = files
        self.calendar = calendar
        self.metrics = metrics
        self.streaks = streaks
        self.achievements = achievements
        self.ranks = ranks
        self.catalogs = catalogs
        self.awardOrder = awardOrder
    }
}

/// A CEL expression written in a rule file, compiled against the facts (docs/facts.md).
public struct RuleExpression: Sendable {
    public var source: String
    /// Where the expression is written (the YAML scalar).
    public var span: SourceSpan
    public var program: CELProgram

    public init(source: String, span: SourceSpan, program: CELProgram) {
        self.source = source
        self.span = span
        self.program = program
    }
}

/// A wall-clock time of day, `HH:MM`, as minutes after midnight.
public struct LocalTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var minutes: Int
    public init(minutes: Int) { self.minutes = minutes }
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
              let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        minutes = h * 60 + m
    }
    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }
    public var description: String {
        let h = hour < 10 ? "0\(hour)" : "\(hour)", m = minute < 10 ? "0\(minute)" : "\(minute)"
        return "\(h):\(m)"
    }
    public static func < (a: LocalTime, b: LocalTime) -> Bool { a.minutes < b.minutes }
}

/// docs/rules.md, "calendar".
public struct CalendarRule: Sendable {
    public enum TimeZonePolicy: Sendable, Hashable {
        /// Each event's own UTC offset.
        case event
        /// The state file's `user.timezone`.
        case user
        /// One IANA zone for everyone.
        case zone(String)
    }
    public enum LatePolicy: String, Sendable, Hashable {
        case exclude
        case nextDay = "next_day"
    }
    public var timezone: TimeZonePolicy
    public var dayStarts: LocalTime
    public var killTime: LocalTime?
    public var late: LatePolicy
    public var span: SourceSpan?

    public init(timezone: TimeZonePolicy = .event, dayStarts: LocalTime = LocalTime(minutes: 0),
                killTime: LocalTime? = nil, late: LatePolicy = .exclude, span: SourceSpan? = nil) {
        self.timezone = timezone
        self.dayStarts = dayStarts
        self.killTime = killTime
        self.late = late
        self.span = span
    }
}

/// docs/rules.md, "metrics".
public struct MetricRule: Sendable {
    public var id: String
    public var expression: RuleExpression
    public init(id: String, expression: RuleExpression) {
        self.id = id
        self.expression = expression
    }
}

/// Presentation fields shared by achievements and milestones.
public struct AwardInfo: Sendable {
    public enum Rarity: String, Sendable, CaseIterable {
        case common, rare, epic, legendary
    }
    public var id: String
    public var title: String
    public var description: String?
    public var category: String
    public var rarity: Rarity
    public var icon: String?
    public var points: Int
    public var hidden: Bool
    public var span: SourceSpan
    /// The title per locale; `title` is its default text (or the text of `--locale`).
    public var localizedTitle: LocalizedText
    public var localizedDescription: LocalizedText?
    /// Unlocks again at each rising edge of its criterion (docs/evaluation.md, "Repeatable awards").
    public var repeatable: Bool
    /// Free app data (a map), emitted in the JSON decision.
    public var meta: CELValue?

    public init(id: String, title: String, description: String? = nil, category: String = "general",
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
public struct StreakRule: Sendable {
    public enum Qualification: Sendable {
        /// A day qualifies if it has an on-time event for which this holds (over `event`).
        case counts(RuleExpression)
        /// A day qualifies if this holds for it (over `day`).
        case day(RuleExpression)
    }
    public struct FreezePolicy: Sendable, Hashable {
        public enum Mode: String, Sendable, Hashable { case manual, auto }
        public var max: Int
        public var refillDays: Int
        public var mode: Mode
        public init(max: Int, refillDays: Int, mode: Mode) {
            self.max = max
            self.refillDays = refillDays
            self.mode = mode
        }
    }
    public struct Milestone: Sendable {
        public var days: Int
        /// Category defaults to "streak".
        public var info: AwardInfo
        public init(days: Int, info: AwardInfo) {
            self.days = days
            self.info = info
        }
    }
    public var id: String
    public var title: String
    public var qualification: Qualification
    public var freezes: FreezePolicy?
    /// `backfill_days`: the history a state's first evaluation takes in (see `docs/evaluation.md`).
    public var backfillDays: Int?
    public var milestones: [Milestone]
    public var span: SourceSpan
    public var localizedTitle: LocalizedText
    /// Free app data (a map).
    public var meta: CELValue?

    public init(id: String, title: String, qualification: Qualification, freezes: FreezePolicy? = nil,
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
public struct AchievementRule: Sendable {
    public enum Criterion: Sendable {
        case when(RuleExpression)
        case completeModule(catalog: String, module: String, difficulty: String?)
    }
    /// How progress is measured.
    public enum Progress: Sendable {
        /// `progress: { current, target }` given explicitly, or derived from `X >= N` / `X > N`.
        case measured(current: RuleExpression, target: RuleExpression)
        /// Derived from `X >= N` / `X > N`: current = X, target = the literal (N+1 for int `>`).
        case derived(current: RuleExpression, target: Double, targetIsInt: Bool)
        /// Any other `when`: 0 or 1 of 1.
        case binary
        /// complete_module: done / total levels.
        case module
    }
    public struct Window: Sendable {
        public var from: CELTimestamp?
        public var until: CELTimestamp?
        public init(from: CELTimestamp?, until: CELTimestamp?) {
            self.from = from
            self.until = until
        }
    }
    public var info: AwardInfo
    public var criterion: Criterion
    public var progress: Progress
    public var requires: [String]
    public var available: Window?

    public init(info: AwardInfo, criterion: Criterion, progress: Progress, requires: [String] = [],
                available: Window? = nil) {
        self.info = info
        self.criterion = criterion
        self.progress = progress
        self.requires = requires
        self.available = available
    }
}

/// docs/rules.md, "ranks[]".
public struct RankRule: Sendable {
    public var id: String
    public var title: String
    public var minPoints: Int
    public var localizedTitle: LocalizedText
    public init(id: String, title: String, minPoints: Int, localizedTitle: LocalizedText? = nil) {
        self.id = id
        self.title = title
        self.minPoints = minPoints
        self.localizedTitle = localizedTitle ?? LocalizedText(title)
    }
}

/// docs/rules.md, "catalog".
public struct CatalogRule: Sendable {
    public struct Module: Sendable {
        public var id: String
        public var title: String
        public var localizedTitle: LocalizedText
        /// Free app data (a map), visible to CEL as the module record's `meta`.
        public var meta: CELValue?
        public init(id: String, title: String, localizedTitle: LocalizedText? = nil, meta: CELValue? = nil) {
            self.id = id
            self.title = title
            self.localizedTitle = localizedTitle ?? LocalizedText(title)
            self.meta = meta
        }
    }
    public struct Level: Sendable {
        public var id: String
        public var module: String
        public var title: String
        public var asset: String?
        public var difficulties: [String]?
        public var counts: Bool
        public var release: Int
        public var span: SourceSpan
        public var localizedTitle: LocalizedText
        /// Free app data (a map), visible to CEL as the level record's `meta`.
        public var meta: CELValue?
        public init(id: String, module: String, title: String, asset: String? = nil,
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
    public var id: String
    public var version: Int
    public var modules: [Module]
    public var levels: [Level]
    public var span: SourceSpan
    public init(id: String, version: Int, modules: [Module], levels: [Level], span: SourceSpan) {
        self.id = id
        self.version = version
        self.modules = modules
        self.levels = levels
        self.span = span
    }
}
