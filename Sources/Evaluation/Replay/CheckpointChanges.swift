import CEL
import Facts

/// What changed between the checkpoints of one replay, as a `ChannelStamp`: the one place the
/// stamp of a checkpoint is computed (`stamp(at:)`).
///
/// Holds the unlock counts in effect. `storedEffective` moves on (never back) as checkpoints pass
/// the stored unlocks' instants, in `stamp(at:)`; `newUnlocks` grows by one with each new unlock in
/// effect (`recordUnlock`). Read by `ReplayRun` (whose walk and last-checkpoint move ask for the
/// stamp) and, through the stamp, by `FactBindings`.
struct CheckpointChanges: Sendable {
    /// Stored unlocks of known awards, by `at`.
    private let storedInstants: [CELTimestamp]
    /// How many stored unlocks are in effect at the last checkpoint stamped.
    private(set) var storedEffective = 0
    /// New unlocks in effect so far.
    private(set) var newUnlocks = 0

    init(storedInstants: [CELTimestamp]) {
        self.storedInstants = storedInstants
    }

    /// Unlocks in effect (stored and new) at the last checkpoint stamped.
    var unlocksInEffect: Int { storedEffective + newUnlocks }

    /// The stamp of checkpoint `position` of `checkpoints` (later than any stamped before), whose
    /// levels stand at `levels` (`ReplayFacts.levelsStamp`).
    @inline(__always)
    mutating func stamp(at position: Int, of checkpoint: Checkpoint, levels: Int) -> ChannelStamp {
        let instant = checkpoint.instant
        while storedEffective < storedInstants.count, storedInstants[storedEffective] <= instant { storedEffective += 1 }
        return ChannelStamp(events: checkpoint.eventCount, levels: levels, clock: position + 1,
                            storedUnlocks: storedEffective, newUnlocks: newUnlocks)
    }

    /// Counts a new unlock in effect.
    mutating func recordUnlock() { newUnlocks += 1 }
}
