import CEL

/// Remembers the instants of wall-clock times already resolved through a zone. Kill moments and
/// day ends are asked about again and again (at every event, at every checkpoint), and each
/// resolution costs several zone lookups.
struct WallClockMemo: Sendable {
    private var instants: [LocalDateTime: CELTimestamp] = [:]

    /// `LocalCalendar.isAtOrAfter`, with zone resolutions remembered.
    mutating func isAtOrAfter(_ moment: Moment, _ local: LocalDateTime, in calendar: LocalCalendar) -> Bool {
        guard case .named = calendar.zone else { return calendar.isAtOrAfter(moment, local) }
        if let instant = instants[local] { return moment.instant >= instant }
        let instant = calendar.instant(of: local, offsetHint: 0).instant
        instants[local] = instant
        return moment.instant >= instant
    }
}
