import CEL

/// Where one replay of a state left off, so that a replay of the same state with later events
/// (or a later `now`) need not judge again the checkpoints the first one judged with the same
/// facts (docs/engine.md, "Sessions"). Valid only when the new state is the old one with events
/// strictly after `after` added and the old replay's new unlocks kept as stored unlocks.
package struct ReplayResume: Sendable, Hashable {
    /// The old replay's `now`: every checkpoint at or before it was judged.
    package var after: CELTimestamp
    /// Repeatable awards whose criterion held at `after` (a rising edge needs them).
    package var heldBefore: Set<String>
    /// Awards whose condition went over the cost limit while locked, so far.
    package var costLimited: Set<String>
    /// Awards left unjudged because the step budget was spent, so far.
    package var budgetLimited: Set<String>
    /// Steps the replays of this state took so far (the budget is the state's, not one step's).
    package var stepsUsed: Int
}
