import Facts

/// When an achievement unlocked and what made it unlock then (README.md, "Command line").
public struct ExplanationUnlock: Sendable, Hashable {
    /// One event at the unlocking instant.
    public struct Event: Sendable, Hashable {
        /// Index in the state file's `events` array.
        public var index: Int
        public var type: String
        public var at: Moment
        public init(index: Int, type: String, at: Moment) {
            self.index = index
            self.type = type
            self.at = at
        }
    }
    public var at: Moment
    /// Read from the state file's `unlocked` list rather than decided by this replay.
    public var isStored: Bool
    /// What put the checkpoint there (empty for stored unlocks).
    public var checkpoint: Checkpoint.Kind
    /// The events at that instant, in file order; empty for a checkpoint driven by time alone.
    public var events: [Event]
    public var catalogVersion: Int?

    public init(at: Moment, isStored: Bool, checkpoint: Checkpoint.Kind, events: [Event], catalogVersion: Int?) {
        self.at = at
        self.isStored = isStored
        self.checkpoint = checkpoint
        self.events = events
        self.catalogVersion = catalogVersion
    }
}
