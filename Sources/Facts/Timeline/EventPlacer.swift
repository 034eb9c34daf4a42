import RuleModel

/// Places events on the calendar in processing order (docs/rules.md, "calendar"): local day, lateness against the
/// kill time in force at the event, and whether kill-time changes are accepted. It
/// tracks only what those decisions need: each day's kill time so far.
struct EventPlacer {
    let calendar: LocalCalendar
    /// Kill times changed per day so far (minutes after midnight), by day number (a key type the
    /// process hashes anyway).
    private(set) var killTimes: [Int: Int] = [:]
    private var clock = WallClockMemo()

    init(calendar: LocalCalendar) {
        self.calendar = calendar
    }

    /// The kill time in force for `day` (minutes after midnight), if any.
    func killTime(of day: LocalDay) -> LocalTime? {
        killTimes[day.number].map(LocalTime.init(minutes:)) ?? calendar.killTime
    }

    /// The local day `moment` belongs to with the kill times in force so far: its calendar day,
    /// or the next one at or after that day's kill moment under `late: next_day`.
    mutating func day(of moment: Moment) -> LocalDay {
        let calendarDay = calendar.calendarDay(of: moment)
        guard calendar.late == .nextDay, let kill = killTime(of: calendarDay),
              clock.isAtOrAfter(moment, calendar.killDateTime(of: calendarDay, killTime: kill), in: calendar)
        else { return calendarDay }
        return calendarDay + 1
    }

    /// `position`: the event's place in the state's `events`.
    mutating func place(_ event: StateEvent, position: Int, catalogs: CatalogIndex) -> TimelineEvent {
        let calendarDay = calendar.calendarDay(of: event.at)
        let kill = killTime(of: calendarDay)
        let late = kill != nil && clock.isAtOrAfter(event.at, calendar.killDateTime(of: calendarDay, killTime: kill), in: calendar)
        let movesOn = late && calendar.late == .nextDay
        let day = movesOn ? calendarDay + 1 : calendarDay
        var placed = TimelineEvent(position: position, day: day, late: late, onTime: !late || movesOn, effect: .none)

        switch event.kind {
        case .taskCompleted:
            if placed.onTime { placed.effect = .taskCompleted }
        case .dayPlanned(let date, let tasks):
            // Always accepted: a plan made at or after the day's kill moment expires the day at
            // once (docs/evaluation.md, "Late plans"); the day ledger's status rule does that.
            placed.effect = .plan(day: date ?? day, tasks: tasks)
        case .killTimeChanged(let date, let to):
            let target = date ?? day
            switch to {
            case .time(let minutes) where calendar.accepts(killTime: LocalTime(minutes: minutes)):
                if let refusal = refusal(at: event, for: target) {
                    placed.warning = refusal
                } else {
                    killTimes[target.number] = minutes
                    placed.effect = .killTime(day: target, to: minutes)
                }
            case .time(let minutes):
                placed.warning = FactWarning(.invalidKillTime,
                    "kill time \(LocalTime(minutes: minutes)) equals day_starts; the change is ignored", event: event.index)
            case .invalid(let text):
                placed.warning = FactWarning(.invalidKillTime,
                    "kill time '\(text)' is not a time like \"21:00\"; the change is ignored", event: event.index)
            }
        case .freezeUsed(let date, let streak):
            placed.effect = .freeze(covered: date ?? day - 1, streak: streak)
        case .levelCompleted(let level, let difficulty, let time, let moves):
            if let ordinal = catalogs.ordinal(of: level) {
                placed.effect = .level(ordinal: ordinal, difficulty: difficulty, time: time, moves: moves)
            } else {
                placed.warning = FactWarning(.unknownLevel, "level '\(level)' is in no catalog; the completion is ignored",
                                             event: event.index)
            }
        case .other:
            break
        }
        return placed
    }

    /// `kill_time_passed` when `event` comes at or after `target`'s current kill moment.
    private mutating func refusal(at event: StateEvent, for target: LocalDay) -> FactWarning? {
        let killMoment = calendar.killDateTime(of: target, killTime: killTime(of: target))
        guard clock.isAtOrAfter(event.at, killMoment, in: calendar) else { return nil }
        return FactWarning(.killTimePassed,
                           "the kill time of \(target) cannot change after its kill time (\(killMoment)) has passed; ignored",
                           event: event.index)
    }
}
