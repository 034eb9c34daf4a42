import CEL
import RuleModel

// Which versions changed: the numbers that tell a reader of streaks or `days` whether they moved
// since it last asked, and the event from which a streak can next rise.
extension FactBuilder {
    /// How many events will have been applied once the next event that can lengthen a run of
    /// streak `index` (after `moment`) is (`Int.max`: none in the timeline): one counted for it,
    /// or a `freeze_used` (a covered day can join two runs). Until then its `current`, `longest`
    /// and `total_days` cannot rise above their values at `moment`: a day qualifies only with a
    /// counted event, an automatic freeze covers a day as it is missed (after every run it could
    /// join), and a later today only adds missed days. `nil` when that does not hold: for a `day`
    /// streak (days qualify as time passes), or with a qualifying day after today (it becomes
    /// today without an event). Under `timezone: event` the next event of any kind.
    package mutating func streakRiseEventCount(_ index: Int, at moment: Moment) -> Int? {
        guard !isDayStreak[index] else { return nil }
        moveTo(moment)
        // Today first: asked inside the ledger's subscript, it copied the whole ledger out.
        let today = dayContext(at: moment).today
        guard !streaks[index].qualifies(after: today) else { return nil }
        if case .eventOffset = timeline.calendar.zone {
            // Wall clocks are read in each instant's own offset: today can move back where the
            // offset changes, at the next event or at a `now` written in another offset.
            if position < timeline.events.count { return position + 1 }
            guard let last = timeline.events.last, timeline.event(of: last).at.offsetSeconds == timeline.now.offsetSeconds else {
                return nil
            }
            return Int.max
        }
        var event = position
        while event < timeline.countedEnds.count {
            if case .freeze = timeline.events[event].effect { return event + 1 }
            for counted in FactTimeline.countedPositions(event: event, ends: timeline.countedEnds)
            where Int(timeline.countedStreaks[counted]) == index {
                return event + 1
            }
            event += 1
        }
        return Int.max
    }

    /// A number that changes whenever streak `index`'s state at `moment` differs from the one
    /// it had when last asked (moments in non-decreasing order): what lets a reader of the
    /// streak skip the moments where it stood still.
    package mutating func streakVersion(_ index: Int, at moment: Moment) -> Int {
        let state = streakState(index, at: moment)
        if observedStreaks[index] != state {
            observedStreaks[index] = state
            streakVersions[index] += 1
        }
        return streakVersions[index]
    }

    /// A number that changes whenever `days` at `moment` differs from `days` when last asked
    /// (moments in non-decreasing order): records are brought up to date, rebuilt only where
    /// they changed, and the changes and the days shown compared with the last time.
    package mutating func daysVersion(at moment: Moment) -> Int {
        countingDays()
        moveTo(moment)
        let today = dayContext(at: moment).today
        _ = refreshDays(now: moment, today: today)
        let count = days.count(today: today)
        if observedDays.map({ $0.changes != days.changeCount || $0.count != count }) ?? true {
            observedDays = (days.changeCount, count)
            daysVersionCount += 1
        }
        return daysVersionCount
    }

    /// Today at `moment` and whether its kill moment has passed (`moveTo(moment)` done).
    mutating func dayContext(at moment: Moment) -> (today: LocalDay, decided: Bool) {
        if let context = dayContext, context.instant == moment.instant, context.position == position {
            return (context.today, context.decided)
        }
        let today = days.today(at: moment)
        let decided = days.killPassed(today, now: moment)
        dayContext = (moment.instant, position, today, decided)
        return (today, decided)
    }

    /// The `streaks` CEL value for states from `streakStates(at:)` (what `facts(at:).streaks`
    /// holds); rebuilt only when one changes, reusing the records of the streaks that did not.
    package mutating func streaksValue(of states: [StreakState]) -> CELValue {
        if let streaksValue, streaksValue.states == states { return streaksValue.value }
        let records = states.indices.map { index in
            if let previous = streaksValue, previous.states[index] == states[index] { return previous.records[index] }
            return states[index].celValue
        }
        let value = CELValue.map(CELMap(strings: zip(streakIDs, records).map { (key: $0.0, value: $0.1) }))
        streaksValue = (states, records, value)
        return value
    }

    /// The `days` records rebuilt since `mark`, as of the last `facts(at:)`: calls `changed` with
    /// the offset (in `days`) of each, or returns `everything: true` when the records cannot be
    /// followed from `mark` (the first call, or the first day moved) and every one must be read
    /// again. Returns the mark to pass next time.
    package func dayChanges(since mark: DayChangeMark, _ changed: (Int) -> Void) -> (mark: DayChangeMark, everything: Bool) {
        let log = days.changedOffsets
        let current = DayChangeMark(resets: resets, generation: days.generation, position: log.count)
        guard mark.resets == resets, mark.generation == days.generation, mark.position <= log.count else {
            return (current, true)
        }
        for index in mark.position..<log.count { changed(log[index]) }
        return (current, false)
    }
}
