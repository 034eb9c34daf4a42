import CEL
import Foundation
import JSON
import RuleModel

/// How instants become local days and kill moments (docs/rules.md, "calendar"): the calendar rule with its time
/// zone resolved.
///
/// Under `timezone: event` every instant is read in its own UTC offset, so comparisons with a
/// day's wall-clock boundaries compare wall clocks. Under an IANA zone they compare instants,
/// with wall-clock times resolved through the zone's real rules (a skipped time means the first
/// instant after the gap, a repeated one its first occurrence).
package struct LocalCalendar: Sendable {
    /// Where wall clocks are read.
    package enum Zone: Sendable, Hashable {
        /// Each instant in its own written offset.
        case eventOffset
        /// One IANA zone (from the rule set or the state file's `user.timezone`).
        case named(TimeZone)
    }

    package var zone: Zone
    package var dayStarts: LocalTime
    /// The calendar's default kill time; days may override it (`kill_time_changed`).
    package var killTime: LocalTime?
    package var late: CalendarRule.LatePolicy
    /// The named zone's offsets around the instants one history asks about (see `cachingOffsets`).
    private var offsetTable: ZoneOffsetTable?

    /// A calendar from its parts (tests and hosts that do not load rules).
    package init(zone: Zone, dayStarts: LocalTime = LocalTime(minutes: 0), killTime: LocalTime? = nil,
                late: CalendarRule.LatePolicy = .exclude) {
        self.zone = zone
        self.dayStarts = dayStarts
        self.killTime = killTime
        self.late = late
    }

    /// Resolves the rule's zone policy. `userTimeZone` is the state file's `user.timezone`;
    /// errors name `user.timezone` (the rule set's own zone name is checked when rules load).
    package init(rule: CalendarRule, userTimeZone: String?, file: String = "") throws(StateFileError) {
        let zone: Zone
        switch rule.timezone {
        case .event:
            zone = .eventOffset
        case .user:
            guard let name = userTimeZone else {
                throw StateFileError(file: file, path: .root / "user" / "timezone",
                                     message: "the rules use `timezone: user` but the state has no user.timezone")
            }
            guard let timeZone = TimeZone(identifier: name) else {
                throw StateFileError(file: file, path: .root / "user" / "timezone",
                                     message: "unknown time zone '\(name)' (use an IANA name such as Asia/Shanghai)")
            }
            zone = .named(timeZone)
        case .zone(let name):
            guard let timeZone = TimeZone(identifier: name) else {
                throw StateFileError(file: file, path: .root, message: "unknown calendar time zone '\(name)'")
            }
            zone = .named(timeZone)
        }
        self.init(zone: zone, dayStarts: rule.dayStarts, killTime: rule.killTime, late: rule.late)
    }

    /// This calendar, answering offsets between `from` and `through` (instants, seconds) from a
    /// table of the zone's transitions instead of asking the zone each time. Same answers.
    package func cachingOffsets(from: Int64, through: Int64) -> LocalCalendar {
        guard case .named(let timeZone) = zone, from <= through else { return self }
        var calendar = self
        calendar.offsetTable = ZoneOffsetTable(timeZone: timeZone, window: from...through)
        return calendar
    }

    /// `cachingOffsets(from:through:)` over the days around `instants` (a history and its `now`),
    /// at most the last 50 years of them: a longer span would cost more transitions than it saves.
    package func cachingOffsets(around instants: [Int64]) -> LocalCalendar {
        guard let first = instants.min(), let last = instants.max() else { return self }
        // Days either side: checkpoints reach the day after `now`'s end, resolutions look 12 h around.
        let margin: Int64 = 4 * 86_400
        let through = last.addingReportingOverflow(margin)
        guard !through.overflow else { return self }
        let from = max(first.subtractingReportingOverflow(margin).overflow ? Int64.min : first - margin,
                       through.partialValue - 50 * 366 * 86_400)
        return cachingOffsets(from: from, through: through.partialValue)
    }

    // MARK: reading instants

    /// The UTC offset in force for `moment` (its own under `timezone: event`).
    package func offset(of moment: Moment) -> Int {
        switch zone {
        case .eventOffset: moment.offsetSeconds
        case .named(let timeZone): offset(timeZone, at: moment.instant.seconds)
        }
    }

    /// The wall clock the calendar reads for `moment`.
    package func localDateTime(of moment: Moment) -> LocalDateTime {
        LocalDateTime(seconds: moment.instant.seconds + Int64(offset(of: moment)))
    }

    /// The local day by wall clock and `day_starts`, before any `late: next_day` move.
    package func calendarDay(of moment: Moment) -> LocalDay {
        calendarDay(ofLocal: localDateTime(of: moment))
    }

    /// The local day of a wall-clock time, by `day_starts`.
    package func calendarDay(ofLocal local: LocalDateTime) -> LocalDay {
        LocalDay(number: (local + -Int64(dayStarts.minutes * 60)).date.number)
    }

    // MARK: day boundaries (wall clock)

    /// When day `day` begins: its date at `day_starts`.
    package func start(of day: LocalDay) -> LocalDateTime {
        LocalDateTime(day: day, secondsIntoDay: Int64(dayStarts.minutes * 60))
    }

    /// When day `day` ends: the start of the next day.
    package func end(of day: LocalDay) -> LocalDateTime { start(of: day + 1) }

    /// The wall-clock time at which `day`'s kill time `killTime` passes: on the day's date, or on
    /// the next date when the kill time is earlier than `day_starts`. Without a kill time, the
    /// day's end.
    package func killDateTime(of day: LocalDay, killTime: LocalTime?) -> LocalDateTime {
        guard let killTime else { return end(of: day) }
        let date = killTime < dayStarts ? day + 1 : day
        return LocalDateTime(day: date, secondsIntoDay: Int64(killTime.minutes * 60))
    }

    /// Whether a kill time is usable with this calendar (not equal to `day_starts`).
    package func accepts(killTime: LocalTime) -> Bool { killTime != dayStarts }

    /// Whether `moment` is at or after the wall-clock time `local` (docs/rules.md, "calendar"): under
    /// `timezone: event` by `moment`'s own wall clock, under a zone by instants.
    package func isAtOrAfter(_ moment: Moment, _ local: LocalDateTime) -> Bool {
        switch zone {
        case .eventOffset:
            return moment.localDateTime >= local
        case .named:
            return moment.instant >= instant(of: local, offsetHint: moment.offsetSeconds).instant
        }
    }

    /// The instant at which the wall clock shows `local`. Under a zone: resolved through the
    /// zone (gap → first instant after it; repeated → first occurrence). Under `timezone: event`:
    /// in `offsetHint` (the caller's choice, e.g. the offset of the last event before it).
    package func instant(of local: LocalDateTime, offsetHint: Int) -> Moment {
        switch zone {
        case .eventOffset:
            return Moment(instant: CELTimestamp(seconds: local.seconds - Int64(offsetHint)), offsetSeconds: offsetHint)
        case .named(let timeZone):
            let seconds = resolve(local.seconds, in: timeZone)
            return Moment(instant: CELTimestamp(seconds: seconds), offsetSeconds: offset(timeZone, at: seconds))
        }
    }

    // MARK: zone arithmetic

    func offset(_ timeZone: TimeZone, at seconds: Int64) -> Int {
        offsetTable?.offset(at: seconds) ?? ZoneOffsetTable.zoneOffset(timeZone, at: seconds)
    }

    /// The first instant whose wall clock in `timeZone` is `local`, or the first instant after
    /// the gap when `local` is skipped.
    func resolve(_ local: Int64, in timeZone: TimeZone) -> Int64 {
        // Offsets in force half a day either side bracket any single transition near `local`.
        let before = offset(timeZone, at: local - 43_200)
        let after = offset(timeZone, at: local + 43_200)
        let middle = offset(timeZone, at: local)
        // One offset all around (almost every day): the only candidate, without building sets.
        if before == after, middle == before, offset(timeZone, at: local - Int64(before)) == before {
            return local - Int64(before)
        }
        let candidates = Set([before, after, middle])
        let valid = candidates.map { local - Int64($0) }.filter { offset(timeZone, at: $0) == Int(local - $0) }
        if let first = valid.min() { return first }
        // In a gap: the transition lies between `local - after` and `local - before` (instants);
        // find the first instant whose offset differs from the earlier side.
        var low = local - Int64(max(before, after)) - 1
        var high = local - Int64(min(before, after))
        let earlier = offset(timeZone, at: low)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if offset(timeZone, at: middle) == earlier { low = middle } else { high = middle }
        }
        return high
    }
}
