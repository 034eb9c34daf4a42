/// The checkpoint at which a new unlock happened, for `rulecheck explain`.
public struct UnlockCause: Sendable, Hashable {
    /// What made the checkpoint.
    package var checkpoint: Checkpoint.Kind
    /// Indices (in the state file's `events` array) of the events at that instant, in file order;
    /// empty for a checkpoint driven by time alone.
    public var events: [Int]

    package init(checkpoint: Checkpoint.Kind, events: [Int]) {
        self.checkpoint = checkpoint
        self.events = events
    }
}
