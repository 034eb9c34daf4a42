import CEL

/// Everything one replay found: the decision, and what `rulecheck explain` and `rulecheck test`
/// need beyond it.
package struct ReplayOutcome: Sendable {
    package var decision: Decision
    /// The checkpoints the replay visited, in time order.
    package var checkpoints: [Checkpoint]
    /// Every unlock in effect after the replay (stored and new), by id.
    package var unlocks: [String: UnlockDecision]
    /// Every variable of docs/facts.md at `now` (metrics and achievements included), for evaluating a
    /// condition again with `CELProgram.evaluateTraced`.
    package var bindingsAtNow: [String: CELValue]
    /// The CEL steps the replay's walk spent (its work, independent of the machine's speed).
    package var stepsUsed = 0

    package init(decision: Decision, checkpoints: [Checkpoint], unlocks: [String: UnlockDecision],
                bindingsAtNow: [String: CELValue]) {
        self.decision = decision
        self.checkpoints = checkpoints
        self.unlocks = unlocks
        self.bindingsAtNow = bindingsAtNow
    }

    package var activationAtNow: CELActivation { CELActivation(bindingsAtNow) }
}
