import CEL
import RuleModel

/// One metric or condition as a replay tracks it: the rewritten expression, what it reads, and the
/// event counts at which a fold it reads changes.
struct ExpressionSlot: Sendable {
    var plan: PlannedExpression
    var channels: FactChannels
    /// Ascending event counts at which one of its folds (through metrics too) changes value.
    var changePoints: [Int]
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
}
