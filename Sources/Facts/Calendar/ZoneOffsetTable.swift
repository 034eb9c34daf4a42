import Foundation

/// A time zone's UTC offsets over a window of instants, read from its transitions once. Asking
/// the zone itself costs a trip through ICU; a day's boundaries, every event's wall clock and
/// every checkpoint's day ask it thousands of times per user, mostly about the same offset.
struct ZoneOffsetTable: Sendable {
    /// The instants the table answers for; outside them, ask the zone.
    let window: ClosedRange<Int64>
    /// Where each constant stretch begins (the window's start, then each transition), ascending.
    private let starts: [Int64]
    /// The offset in force from each of `starts` on.
    private let offsets: [Int]

    /// `nil` when the zone's transitions do not account for its offsets (then the caller keeps
    /// asking the zone).
    init?(timeZone: TimeZone, window: ClosedRange<Int64>) {
        var starts: [Int64] = [window.lowerBound]
        var cursor = Date(timeIntervalSince1970: TimeInterval(window.lowerBound))
        // Foundation reports every change of offset here, standard ones included (not only DST).
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor),
              next.timeIntervalSince1970 <= TimeInterval(window.upperBound) {
            let seconds = Int64(next.timeIntervalSince1970.rounded(.up))
            guard seconds > (starts.last ?? .min) else { return nil }
            starts.append(seconds)
            cursor = next
        }
        let offsets = starts.map { Self.zoneOffset(timeZone, at: $0) }
        // A stretch must end in the offset it began with; otherwise a transition was missed.
        for index in starts.indices {
            let last = index + 1 < starts.count ? starts[index + 1] - 1 : window.upperBound
            guard Self.zoneOffset(timeZone, at: last) == offsets[index] else { return nil }
        }
        self.window = window
        self.starts = starts
        self.offsets = offsets
    }

    /// The offset at `seconds`, or `nil` outside the window.
    func offset(at seconds: Int64) -> Int? {
        guard window.contains(seconds) else { return nil }
        // The last stretch starting at or before `seconds` (binary search; most zones have one).
        var low = 0, high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= seconds { low = middle } else { high = middle }
        }
        return offsets[low]
    }

    static func zoneOffset(_ timeZone: TimeZone, at seconds: Int64) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
