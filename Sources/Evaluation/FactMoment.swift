import CEL

/// A moment at which facts are asked for: the checkpoint's instant and how many events (in time
/// order) are visible at it.
public struct FactMoment: Sendable, Hashable {
    public var instant: CELTimestamp
    public var eventCount: Int

    public init(instant: CELTimestamp, eventCount: Int) {
        self.instant = instant
        self.eventCount = eventCount
    }
}
