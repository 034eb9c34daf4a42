/// What a replay's walk over the checkpoints found, for the decision at `now`.
struct ReplayFindings: Sendable {
    /// Every unlock in effect (stored ones with `cause == nil`).
    var unlocks: [String: UnlockDecision]
    var checkpoints: [Checkpoint]
    /// Awards whose condition ran over the cost limit while locked.
    var costLimited: Set<String>
    /// Awards left unjudged because the replay spent its step budget (not evaluated again).
    var budgetLimited: Set<String> = []
    /// The new unlocks of repeatable awards, every one; their stored unlocks come from the facts.
    var repeats: [String: [UnlockDecision]] = [:]
    /// The replay's fold tables over the same events, read where they give the value as written.
    var folds: EventFoldValues?
    /// The CEL steps the walk spent: the replay's work, counted (tests bound it instead of time).
    var stepsUsed = 0
}
