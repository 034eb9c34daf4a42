import CEL
import RuleModel

/// What one compiled expression reads, from its checked AST (`CELInputs`): which fact variables
/// and which metrics and achievements. The replay re-evaluates an expression only at checkpoints
/// where one of them can have changed; when the AST is not available every input is assumed.
struct ExpressionInputs: Sendable, Hashable {
    var variables: FactVariableSet
    /// Metrics read as `metrics.NAME`.
    var metrics: Set<String>
    /// True when `metrics` is read other than by a field (e.g. `metrics["a"]`): every metric.
    var readsEveryMetric: Bool
    /// Achievements read as `achievements.ID`.
    var achievements: Set<String> = []
    /// True when `achievements` is read other than by a field: every award.
    var readsEveryAchievement = false
    /// Streaks read as `streaks.ID`.
    var streaks: Set<String> = []
    /// True when `streaks` is read other than by a field: every streak.
    var readsEveryStreak = false

    static let everything: ExpressionInputs = {
        var inputs = ExpressionInputs(variables: .all, metrics: [], readsEveryMetric: true)
        inputs.readsEveryAchievement = true
        inputs.readsEveryStreak = true
        return inputs
    }()

    init(variables: FactVariableSet, metrics: Set<String>, readsEveryMetric: Bool) {
        self.variables = variables
        self.metrics = metrics
        self.readsEveryMetric = readsEveryMetric
    }

    init(_ program: CELProgram) {
        self = program.checked.map(ExpressionInputs.init(_:)) ?? .everything
    }

    init(_ checked: CELCheckedAST) {
        let read = CELInputs(checked).variables
        variables = FactVariableSet(read.keys.compactMap(FactVariable.init(rawValue:)))
        let metricUse = read[FactVariable.metrics.rawValue]
        metrics = metricUse?.fields ?? []
        readsEveryMetric = metricUse?.whole ?? false
        let achievementUse = read[FactVariable.achievements.rawValue]
        achievements = achievementUse?.fields ?? []
        readsEveryAchievement = achievementUse?.whole ?? false
        let streakUse = read[FactVariable.streaks.rawValue]
        streaks = streakUse?.fields ?? []
        readsEveryStreak = streakUse?.whole ?? false
    }
}
