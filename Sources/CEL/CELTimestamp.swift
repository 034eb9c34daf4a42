// PLACEHOLDER BODIES until the CEL work (issue 3) lands; signatures are the contract.

/// An instant with nanosecond precision (range 0001-01-01 … 9999-12-31 UTC).
public struct CELTimestamp: Sendable, Hashable, Comparable {
    public var seconds: Int64
    public var nanos: Int32
    public init(seconds: Int64, nanos: Int32 = 0) {
        self.seconds = seconds
        self.nanos = nanos
    }
    public static func < (a: CELTimestamp, b: CELTimestamp) -> Bool { (a.seconds, a.nanos) < (b.seconds, b.nanos) }

    /// Parses RFC 3339 (`2026-01-05T23:10:00+08:00`, `...Z`, fractional seconds), returning the
    /// instant and the written UTC offset in seconds. `nil` when malformed or without an offset.
    public static func parseRFC3339(_ text: String) -> (timestamp: CELTimestamp, offsetSeconds: Int)? { nil }

    /// Formats as RFC 3339 in the given offset (`+08:00`, or `Z` when `offsetSeconds` is 0 and
    /// `useZ` is true); fractional seconds only when non-zero.
    public func rfc3339(offsetSeconds: Int, useZ: Bool = true) -> String { "" }
}
