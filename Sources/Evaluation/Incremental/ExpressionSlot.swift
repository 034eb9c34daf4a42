import CEL
import RuleModel

/// One metric or condition as a replay tracks it: the rewritten expression and what it reads.
/// It depends only on the rule set, so a `Replay` plans its slots once for every state; the event
/// counts at which its folds change are a state's (`FactBindings`).
struct ExpressionSlot: Sendable {
    /// A count threshold that tells, from the fold tables of a state, where a condition can change.
    enum Threshold: Sendable {
        /// The whole condition is the threshold (`FoldThreshold.init`).
        case whole(FoldThreshold)
        /// The condition is `T && …` (`FoldThreshold.leadingConjunct`); `restReadsFolds`: whether
        /// the other conjuncts read a fold (or a metric) too. When they do not, past T's first
        /// change point the condition's value follows the other channels alone, not the folds.
        case leading(FoldThreshold, restReadsFolds: Bool)
    }

    var plan: PlannedExpression
    var channels: FactChannels
    /// The folds it reads, through metrics too, ascending.
    var folds: [Int]
    /// Positions of the metrics it reads (a metric reads only metrics before it).
    var metricPositions: [Int]
    /// The awards it reads through `achievements.ID`, by index; `nil` when it may read any (the
    /// whole map, or through a metric).
    var achievementScope: [Int]?
    /// The streaks it reads through `streaks.ID`, by index in rule order; `nil` when it may read
    /// any (the whole map, or through a metric).
    var streakScope: [Int]?
    /// The fact variables it reads, in the order they are bound.
    var variables: [FactVariable]
    /// The names it binds: `variables`, then its folds' variables.
    var bindingShape: CELRecordShape
    /// The fields of the `metrics` record it reads: the metrics at `metricPositions`.
    var metricsShape: CELRecordShape
    /// For an award's condition: the count threshold it is or starts with, if any.
    var threshold: Threshold?
    /// When the expression is nothing but `metrics.NAME`: that metric's position. Its value is
    /// the metric's own (no record built, nothing evaluated).
    var metricRead: Int?
}
