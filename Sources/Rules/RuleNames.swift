/// The names a rule set defines, which expressions may use as `metrics.x`, `streaks.x`,
/// `achievements.x`, `catalogs.x` and `levels.x`.
struct RuleNames: Sendable {
    var metrics: [String] = []
    var streaks: [String] = []
    /// Achievement and milestone ids.
    var achievements: [String] = []
    var catalogs: [String] = []
    var levels: [String] = []

    /// The variables whose keys are rule names, with the kind named in messages and the code.
    func known(in variable: String) -> (kind: String, code: String, names: [String])? {
        switch variable {
        case "metrics": ("metric", RuleCode.unknownMetric, metrics)
        case "streaks": ("streak", RuleCode.unknownStreak, streaks)
        case "achievements": ("achievement", RuleCode.unknownAchievement, achievements)
        case "catalogs": ("catalog", RuleCode.unknownCatalog, catalogs)
        case "levels": ("level", RuleCode.unknownLevel, levels)
        default: nil
        }
    }
}
