/// A wall-clock date and time with no zone attached, as seconds since 1970-01-01T00:00 local.
/// Comparing two of them compares what clocks showed, not instants.
package struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var seconds: Int64

    package init(seconds: Int64) {
        self.seconds = seconds
    }

    package init(day: LocalDay, secondsIntoDay: Int64 = 0) {
        seconds = Int64(day.number) * 86_400 + secondsIntoDay
    }

    /// The calendar date the wall clock shows.
    package var date: LocalDay {
        LocalDay(number: Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400))
    }

    /// Seconds since local midnight, 0 ..< 86 400.
    package var secondsIntoDay: Int64 { seconds - Int64(date.number) * 86_400 }

    package var hour: Int { Int(secondsIntoDay / 3600) }
    package var minute: Int { Int(secondsIntoDay % 3600 / 60) }

    /// `YYYY-MM-DDTHH:MM:SS`.
    package var description: String {
        let rest = secondsIntoDay
        return "\(date)T" + LocalDay.pad(Int(rest / 3600), 2) + ":" + LocalDay.pad(Int(rest % 3600 / 60), 2)
            + ":" + LocalDay.pad(Int(rest % 60), 2)
    }

    package static func < (a: LocalDateTime, b: LocalDateTime) -> Bool { a.seconds < b.seconds }

    package static func + (a: LocalDateTime, seconds: Int64) -> LocalDateTime { LocalDateTime(seconds: a.seconds + seconds) }
}
