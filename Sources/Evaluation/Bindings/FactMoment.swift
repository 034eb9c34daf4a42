import CEL
import Facts

/// A moment at which facts are asked for: the checkpoint (in the offset it is read in) and how
/// many events (in processing order) are visible at it.
package struct FactMoment: Sendable, Hashable {
    package var moment: Moment
    package var eventCount: Int

    package init(moment: Moment, eventCount: Int) {
        self.moment = moment
        self.eventCount = eventCount
    }

    package var instant: CELTimestamp { moment.instant }
}
