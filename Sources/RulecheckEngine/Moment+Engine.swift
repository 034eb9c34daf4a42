import CEL
import Facts
import Foundation

extension Moment {
    /// `seconds` since 1970-01-01T00:00:00Z, written with the UTC offset `offsetSeconds`.
    public init(unixSeconds seconds: Int64, offsetSeconds: Int) {
        self.init(instant: CELTimestamp(seconds: seconds), offsetSeconds: offsetSeconds)
    }

    /// A `Date` (to the nanosecond, rounded down), written with the UTC offset `timeZone` has then.
    public init(_ date: Date, timeZone: TimeZone = .current) {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let nanos = Int32(clamping: Int64(((date.timeIntervalSince1970 - Double(seconds)) * 1e9).rounded(.down)))
        self.init(instant: CELTimestamp(seconds: seconds, nanos: nanos), offsetSeconds: timeZone.secondsFromGMT(for: date))
    }

    /// Seconds since 1970-01-01T00:00:00Z.
    public var unixSeconds: Int64 { instant.seconds }
}
