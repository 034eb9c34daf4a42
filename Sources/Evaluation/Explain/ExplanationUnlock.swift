import Facts

/// When an achievement unlocked and what made it unlock then (README.md, "Command line").
package struct ExplanationUnlock: Sendable, Hashable {
    /// One event at the unlocking instant.
    package struct Event: Sendable, Hashable {
        /// Index in the state file's `events` array.
        package var index: Int
        package var type: String
        package var at: Moment
        package init(index: Int, type: String, at: Moment) {
            self.index = index
            self.type = type
            self.at = at
        }
    }
    package var at: Moment
    /// Read from the state file's `unlocked` list rather than decided by this replay.
    package var isStored: Bool
    /// What put the checkpoint there (empty for stored unlocks).
    package var checkpoint: Checkpoint.Kind
    /// The events at that instant, in file order; empty for a checkpoint driven by time alone.
    package var events: [Event]
    package var catalogVersion: Int?

    package init(at: Moment, isStored: Bool, checkpoint: Checkpoint.Kind, events: [Event], catalogVersion: Int?) {
        self.at = at
        self.isStored = isStored
        self.checkpoint = checkpoint
        self.events = events
        self.catalogVersion = catalogVersion
    }
}
