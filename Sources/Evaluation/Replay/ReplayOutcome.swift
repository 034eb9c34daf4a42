import CEL

/// Everything one replay found: the decision, and what `rulecheck explain` and `rulecheck test`
/// need beyond it.
public struct ReplayOutcome: Sendable {
    public var decision: Decision
    /// The checkpoints the replay visited, in time order.
    public var checkpoints: [Checkpoint]
    /// Every unlock in effect after the replay (stored and new), by id.
    public var unlocks: [String: UnlockDecision]
    /// Every variable of docs/facts.md at `now` (metrics and achievements included), for evaluating a
    /// condition again with `CELProgram.evaluateTraced`.
    public var bindingsAtNow: [String: CELValue]

    public init(decision: Decision, checkpoints: [Checkpoint], unlocks: [String: UnlockDecision],
                bindingsAtNow: [String: CELValue]) {
        self.decision = decision
        self.checkpoints = checkpoints
        self.unlocks = unlocks
        self.bindingsAtNow = bindingsAtNow
    }

    public var activationAtNow: CELActivation { CELActivation(bindingsAtNow) }
}
