/// Where the facts an expression reads stand at one point of the replay; two equal stamps of one
/// expression mean it has the same value.
///
/// Computed in one place, `CheckpointChanges.stamp(at:)` (the whole stamp of a checkpoint, each
/// field moving on when its channel changes), and projected in one place, `projected(onto:)`
/// (the fields of the channels one expression reads). `FactBindings.key` completes the projection
/// with what only the bindings and facts know (a slot's fold epoch, the streaks and days it reads).
struct ChannelStamp: Sendable, Hashable {
    /// Events seen (`FactChannels.events`; for expressions that read `events` other than through folds).
    var events = 0
    /// Changes of the folds the expression reads (for the others; set by `FactBindings.key`).
    var foldEpoch = 0
    /// The facts' `levelsStamp` (`FactChannels.levels`).
    var levels = 0
    /// The checkpoint's position plus one (`FactChannels.clock`): differs at every checkpoint.
    var clock = 0
    /// The facts' stamp of the streaks read (`ReplayFacts.streaksStamp`; set by `FactBindings.key`).
    var streaks = 0
    /// The facts' stamp of `days` (`ReplayFacts.daysStamp`; set by `FactBindings.key`).
    var days = 0
    /// Stored unlocks in effect (`FactChannels.achievements`).
    var storedUnlocks = 0
    /// New unlocks found so far (`FactChannels.achievements`).
    var newUnlocks = 0

    /// The fields of `channels` that the checkpoint's stamp carries (events, levels, clock,
    /// unlocks); every other field 0.
    @inline(__always)
    func projected(onto channels: FactChannels) -> ChannelStamp {
        var key = ChannelStamp()
        if channels.contains(.events) { key.events = events }
        if channels.contains(.levels) { key.levels = levels }
        if channels.contains(.clock) { key.clock = clock }
        if channels.contains(.achievements) {
            key.storedUnlocks = storedUnlocks
            key.newUnlocks = newUnlocks
        }
        return key
    }
}
