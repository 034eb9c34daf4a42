/// One metric or condition as a replay tracks it: the rewritten expression, what it reads, and the
/// event counts at which a fold it reads changes.
struct ExpressionSlot: Sendable {
    var plan: PlannedExpression
    var channels: FactChannels
    /// Ascending event counts at which one of its folds (through metrics too) changes value.
    var changePoints: [Int]
    /// A metric reads only metrics before it (its position); conditions read them all.
    var metricLimit: Int
}
