/// The names a rule set defines, which expressions may use as `metrics.x`, `streaks.x`,
/// `achievements.x`, `catalogs.x` and `levels.x`.
struct RuleNames: Sendable {
    /// One kind of name: sorted, once each, for deterministic suggestions, and searched by halves
    /// (no set beside it: a rule set may define thousands of awards).
    struct Kind: Sendable {
        let kind: String
        let code: String
        let sorted: [String]
        /// A part of the rule set that could not be read may define any name of this kind.
        let isOpen: Bool

        init(kind: String, code: String, names: [String], unread: UnreadNames = UnreadNames(), as unreadKind: UnreadNames.Kind) {
            self.kind = kind
            self.code = code
            sorted = Set(names).union(unread.names(unreadKind)).sorted()
            isOpen = unread.isOpen(unreadKind)
        }

        /// Whether the rule set defines `name`, or may define it where it could not be read.
        func contains(_ name: String) -> Bool {
            if isOpen { return true }
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < name { low = middle + 1 } else { high = middle }
            }
            return low < sorted.count && sorted[low] == name
        }
    }

    let metrics: Kind
    let streaks: Kind
    /// Achievement and milestone ids.
    let achievements: Kind
    let catalogs: Kind
    let levels: Kind

    init(metrics: [String], streaks: [String], achievements: [String], catalogs: [String], levels: [String],
         unread: UnreadNames = UnreadNames()) {
        self.metrics = Kind(kind: "metric", code: RuleCode.unknownMetric, names: metrics, unread: unread, as: .metric)
        self.streaks = Kind(kind: "streak", code: RuleCode.unknownStreak, names: streaks, unread: unread, as: .streak)
        self.achievements = Kind(kind: "achievement", code: RuleCode.unknownAchievement, names: achievements,
                                 unread: unread, as: .award)
        self.catalogs = Kind(kind: "catalog", code: RuleCode.unknownCatalog, names: catalogs, unread: unread, as: .catalog)
        self.levels = Kind(kind: "level", code: RuleCode.unknownLevel, names: levels, unread: unread, as: .level)
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
