import CEL

/// An instant together with the UTC offset it is reported in (SPEC 5: the offset of the event at
/// that instant, of the calendar's zone, or of `now`).
public struct ReportedTime: Sendable, Hashable, Comparable {
    public var instant: CELTimestamp
    public var offsetSeconds: Int

    public init(instant: CELTimestamp, offsetSeconds: Int) {
        self.instant = instant
        self.offsetSeconds = offsetSeconds
    }

    /// RFC 3339 with the offset (`Z` for UTC).
    public var rfc3339: String { instant.rfc3339(offsetSeconds: offsetSeconds) }

    /// Orders by instant only; two readings of one instant are equal in order.
    public static func < (a: ReportedTime, b: ReportedTime) -> Bool { a.instant < b.instant }
}
