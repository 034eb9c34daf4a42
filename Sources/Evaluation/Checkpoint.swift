import Facts
import CEL

/// One moment at which the replay judges the rules (SPEC 5).
public struct Checkpoint: Sendable, Hashable {
    /// What put a checkpoint at this instant; several reasons can share one instant.
    public struct Kind: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// One or more events happened at this instant.
        public static let event = Kind(rawValue: 1)
        /// A day's kill moment or end.
        public static let dayBoundary = Kind(rawValue: 2)
        /// An achievement's `available.from`.
        public static let availabilityStart = Kind(rawValue: 4)
        /// A stored unlock's `at`.
        public static let storedUnlock = Kind(rawValue: 8)
        /// The evaluation moment.
        public static let now = Kind(rawValue: 16)
    }

    /// The instant, in the offset it is reported in.
    public var time: Moment
    public var kind: Kind
    /// How many events (in time order) have `at` ≤ this instant.
    public var eventCount: Int
    /// Indices in the state file's `events` array of the events at exactly this instant, in file order.
    public var events: [Int]

    public init(time: Moment, kind: Kind, eventCount: Int, events: [Int]) {
        self.time = time
        self.kind = kind
        self.eventCount = eventCount
        self.events = events
    }

    public var instant: CELTimestamp { time.instant }
}
