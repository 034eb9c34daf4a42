import CEL

/// Remembers the instant of the last wall-clock time resolved through a zone. Kill moments and
/// day ends are asked about again and again (at every event, at every checkpoint), mostly the
/// same day's in a row. Comparing one number beats hashing it; and resolving through the
/// zone's offset table costs no more than a dictionary remembering every answer would, with its
/// inserts.
struct WallClockMemo: Sendable {
    private var last: (local: LocalDateTime, instant: CELTimestamp)?

    /// `LocalCalendar.isAtOrAfter`, with the last zone resolution remembered.
    mutating func isAtOrAfter(_ moment: Moment, _ local: LocalDateTime, in calendar: LocalCalendar) -> Bool {
        guard case .named = calendar.zone else { return calendar.isAtOrAfter(moment, local) }
        if let last, last.local == local { return moment.instant >= last.instant }
        let instant = calendar.instant(of: local, offsetHint: 0).instant
        last = (local, instant)
        return moment.instant >= instant
    }
}
