import CEL
import Facts

/// A moment at which facts are asked for: the checkpoint (in the offset it is read in) and how
/// many events (in processing order) are visible at it.
public struct FactMoment: Sendable, Hashable {
    public var moment: Moment
    public var eventCount: Int

    public init(moment: Moment, eventCount: Int) {
        self.moment = moment
        self.eventCount = eventCount
    }

    public var instant: CELTimestamp { moment.instant }
}
