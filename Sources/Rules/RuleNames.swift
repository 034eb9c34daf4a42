/// The names a rule set defines, which expressions may use as `metrics.x`, `streaks.x`,
/// `achievements.x`, `catalogs.x` and `levels.x`.
struct RuleNames: Sendable {
    /// One kind of name: a set to look names up, sorted for deterministic suggestions.
    struct Kind: Sendable {
        let kind: String
        let code: String
        private let set: Set<String>
        let sorted: [String]

        init(kind: String, code: String, names: [String]) {
            self.kind = kind
            self.code = code
            set = Set(names)
            sorted = set.sorted()
        }

        func contains(_ name: String) -> Bool { set.contains(name) }
    }

    let metrics: Kind
    let streaks: Kind
    /// Achievement and milestone ids.
    let achievements: Kind
    let catalogs: Kind
    let levels: Kind

    init(metrics: [String], streaks: [String], achievements: [String], catalogs: [String], levels: [String]) {
        self.metrics = Kind(kind: "metric", code: RuleCode.unknownMetric, names: metrics)
        self.streaks = Kind(kind: "streak", code: RuleCode.unknownStreak, names: streaks)
        self.achievements = Kind(kind: "achievement", code: RuleCode.unknownAchievement, names: achievements)
        self.catalogs = Kind(kind: "catalog", code: RuleCode.unknownCatalog, names: catalogs)
        self.levels = Kind(kind: "level", code: RuleCode.unknownLevel, names: levels)
    }

    /// The kind of names a fact variable is keyed by, if any.
    func known(in variable: String) -> Kind? {
        switch variable {
        case "metrics": metrics
        case "streaks": streaks
        case "achievements": achievements
        case "catalogs": catalogs
        case "levels": levels
        default: nil
        }
    }
}
