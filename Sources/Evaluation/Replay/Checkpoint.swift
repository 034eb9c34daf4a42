import Facts
import CEL

/// One moment at which the replay judges the rules (docs/evaluation.md, "Replay").
package struct Checkpoint: Sendable, Hashable {
    /// What put a checkpoint at this instant; several reasons can share one instant.
    package struct Kind: OptionSet, Sendable, Hashable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// One or more events happened at this instant.
        package static let event = Kind(rawValue: 1)
        /// A day's kill moment or end.
        package static let dayBoundary = Kind(rawValue: 2)
        /// An achievement's `available.from`.
        package static let availabilityStart = Kind(rawValue: 4)
        /// A stored unlock's `at`.
        package static let storedUnlock = Kind(rawValue: 8)
        /// The evaluation moment.
        package static let now = Kind(rawValue: 16)
    }

    /// The instant, in the offset it is reported in.
    package var time: Moment
    package var kind: Kind
    /// How many events (in time order) have `at` ≤ this instant.
    package var eventCount: Int
    /// Indices in the state file's `events` array of the events at exactly this instant, in file order.
    package var events: [Int] {
        get {
            switch eventIndices {
            case .none: []
            case .one(let index): [index]
            case .many(let indices): indices
            }
        }
        set { eventIndices = EventIndices(newValue) }
    }

    /// Most checkpoints have no event or one: an array each would cost a million allocations.
    private enum EventIndices: Sendable, Hashable {
        case none
        case one(Int)
        case many([Int])

        init(_ indices: [Int]) {
            switch indices.count {
            case 0: self = .none
            case 1: self = .one(indices[0])
            default: self = .many(indices)
            }
        }
    }

    private var eventIndices: EventIndices

    package init(time: Moment, kind: Kind, eventCount: Int, events: [Int]) {
        self.time = time
        self.kind = kind
        self.eventCount = eventCount
        eventIndices = EventIndices(events)
    }

    /// A checkpoint at one event: no array made for its index (the replay plans one per event).
    package init(time: Moment, kind: Kind, eventCount: Int, event: Int) {
        self.time = time
        self.kind = kind
        self.eventCount = eventCount
        eventIndices = .one(event)
    }

    package var instant: CELTimestamp { time.instant }
}
