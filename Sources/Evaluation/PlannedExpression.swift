import CEL

/// A rule expression as the replay evaluates it: folds over events replaced by variables whose
/// values come from the fold tables, and what the rewritten expression still reads.
struct PlannedExpression: Sendable {
    /// The rewritten program (the original one when nothing could be folded).
    var program: CELProgram
    /// What the rewritten program reads besides the folds.
    var inputs: ExpressionInputs
    /// Indices (in `Replay.folds`) of the folds it reads directly.
    var folds: [Int]
}
