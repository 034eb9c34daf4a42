/// Where every fact channel stands at one point of the replay; two equal (masked) stamps mean an
/// expression reading those channels has the same value.
struct ChannelStamp: Sendable, Hashable {
    var events = 0
    var levels = 0
    var clock = 0
    var storedUnlocks = 0
    var newUnlocks = 0

    /// The stamp with every channel not in `channels` cleared.
    func masked(by channels: FactChannels) -> ChannelStamp {
        var stamp = ChannelStamp()
        if channels.contains(.events) { stamp.events = events }
        if channels.contains(.levels) { stamp.levels = levels }
        if channels.contains(.clock) { stamp.clock = clock }
        if channels.contains(.achievements) {
            stamp.storedUnlocks = storedUnlocks
            stamp.newUnlocks = newUnlocks
        }
        return stamp
    }
}
