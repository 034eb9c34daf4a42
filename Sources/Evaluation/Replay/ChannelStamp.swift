/// Where the facts an expression reads stand at one point of the replay; two equal stamps of one
/// expression mean it has the same value.
struct ChannelStamp: Sendable, Hashable {
    /// Events seen (for expressions that read `events` other than through folds).
    var events = 0
    /// Changes of the folds the expression reads (for the others).
    var foldEpoch = 0
    var levels = 0
    var clock = 0
    /// The facts' stamp of the streaks read (`ReplayFacts.streaksStamp`).
    var streaks = 0
    /// The facts' stamp of `days` (`ReplayFacts.daysStamp`).
    var days = 0
    var storedUnlocks = 0
    var newUnlocks = 0
}
