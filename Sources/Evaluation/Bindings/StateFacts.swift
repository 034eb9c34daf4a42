import CEL
import Facts
import RuleModel

/// The replay's view of one user's state: the `Facts` module's timeline, advanced incrementally
/// by a `FactBuilder` as the checkpoints go by.
package struct StateFacts: ReplayFacts {
    /// The timeline is the builder's: one copy, so that it can grow in place (`append`).
    package var timeline: FactTimeline { builder.timeline }
    /// The appends to the days' event lists that copied a shared list (debug builds).
    package var copiedDayListAppends: Int { builder.copiedDayListAppends }
    /// The state's events, or, when some are after `now`, those up to it.
    package var events: [StateEvent] { leftOutSome ?? builder.timeline.state.events }
    package var writtenEvents: [StateEvent] { builder.timeline.state.events }
    private let leftOutSome: [StateEvent]?
    package private(set) var timeCheckpoints: [Moment]
    private var builder: FactBuilder
    /// The last snapshot built. Compare its moment before binding it: a snapshot holds many
    /// references, and copying one out for nothing is not free at every checkpoint.
    private var current: (moment: FactMoment, snapshot: FactSnapshot)?
    private var currentStreaks: (moment: FactMoment, states: [StreakState])?
    /// `days` alone at a moment (folds over days ask for it at most checkpoints).
    private var currentDays: (moment: FactMoment, value: CELValue)?
    /// When each known snapshot level becomes visible (from the start when it has no time), ascending.
    private let snapshotLevelTimes: [CELTimestamp?]
    /// The days' stamp at a moment (every slot reading `days` asks for it at each checkpoint).
    private var currentDaysStamp: (moment: FactMoment, stamp: Int)?
    /// Streak id → index in rule order.
    /// The streaks' ids in rule order, for `streakPosition`.
    private let streakIDs: [String]

    package init(timeline: FactTimeline) {
        // Timeline events are the state's (sorted) events up to `now`: share the array when
        // none was left out rather than hold a million events twice.
        leftOutSome = timeline.events.count == timeline.state.events.count ? nil : timeline.events.map(timeline.event(of:))
        timeCheckpoints = timeline.timeCheckpoints()
        snapshotLevelTimes = timeline.state.levels.map { $0.completedAt?.instant }
        streakIDs = timeline.streakRules.map(\.id)
        // Last: the timeline moves into the builder instead of being copied.
        builder = FactBuilder(timeline: timeline)
    }

    /// Reads the state against the rules at `now`. Throws when the calendar needs a zone the
    /// state does not give. `qualifiers`: the rules' streak qualifiers when already made
    /// (`Replay.streakQualifiers`).
    package init(state: StateFile, rules: RuleSet, now: Moment, qualifiers: [StreakQualifier]? = nil) throws(StateFileError) {
        self.init(timeline: try FactTimeline(state: state, rules: rules, now: now, qualifiers: qualifiers))
    }

    /// Appends an event after `now` and moves `now` to `now` (the caller checked
    /// `FactTimeline.canAppend`); the time checkpoints grow by those after the old `now`.
    /// Facts already asked for stay as they were: the event is later than all of them.
    package mutating func append(_ event: StateEvent?, now: Moment) throws(StateFileError) {
        let after = self.now.instant
        // What holds the timeline's arrays would make appending copy them.
        current = nil
        currentDays = nil
        currentStreaks = nil
        if let event {
            try builder.appendToTimeline(event, now: now)
        } else {
            try builder.advanceTimeline(to: now)
        }
        timeCheckpoints += builder.timeline.timeCheckpoints(after: after)
    }

    /// Makes room for `extra` more events and their time checkpoints, so that `append` grows
    /// every array in place from the first event on.
    package mutating func reserveForAppends(_ extra: Int) {
        builder.reserveTimelineAppends(extra)
        timeCheckpoints.reserveCapacity(timeCheckpoints.count + extra)
    }

    package var userID: String { timeline.state.userID }
    package var now: Moment { timeline.now }
    package var storedUnlocks: [StoredUnlock] { timeline.state.unlocked }
    package var streakCountsErrors: [Int: (event: Int, error: CELError)] { timeline.countsErrors }
    package var onTimeDays: [Int32] {
        timeline.events.map { $0.onTime ? Int32(clamping: $0.day.number) : Int32.min }
    }

    package mutating func timeDrivenChanges() -> (horizon: Moment, changes: [TimeDrivenChange])? {
        builder.timeDrivenChanges()
    }

    package func reportingOffset(at instant: CELTimestamp) -> Int {
        switch timeline.calendar.zone {
        case .named:
            return timeline.calendar.offset(of: Moment(instant: instant, offsetSeconds: 0))
        case .eventOffset:
            // The last event at or before the instant (binary search over processing order).
            var low = 0, high = events.count
            while low < high {
                let middle = (low + high) / 2
                if events[middle].at.instant <= instant { low = middle + 1 } else { high = middle }
            }
            return low > 0 ? events[low - 1].at.offsetSeconds : (events.first?.at.offsetSeconds ?? now.offsetSeconds)
        }
    }

    package mutating func dayCount(at moment: FactMoment) -> Int {
        if current?.moment == moment, case .list(let list)? = current?.snapshot.days { return list.count }
        if let days = currentDays, days.moment == moment, case .list(let list) = days.value { return list.count }
        releaseHeldDays(before: moment)
        return builder.dayCount(at: moment.moment)
    }

    package mutating func levelsStamp(at moment: FactMoment) -> Int {
        // Levels change with events (completions) and when a snapshot level's time comes.
        let visible = snapshotLevelTimes.filter { $0.map { $0 <= moment.instant } ?? true }.count
        return moment.eventCount * (snapshotLevelTimes.count + 1) + visible
    }

    private mutating func snapshot(at moment: FactMoment) -> FactSnapshot {
        if current?.moment == moment, let snapshot = current?.snapshot { return snapshot }
        // Let the previous snapshot go first so the builder can extend its days in place.
        current = nil
        currentDays = nil
        let snapshot = builder.facts(at: moment.moment)
        current = (moment, snapshot)
        return snapshot
    }

    package mutating func variable(_ variable: FactVariable, at moment: FactMoment) -> CELValue {
        // What does not change with time, or is a prefix of the events, needs no facts built.
        switch variable {
        case .now: return .timestamp(moment.instant)
        case .user: return .map(timeline.state.user.celMap)
        case .events: return .list(CELList(prefixOf: timeline.eventValues, count: moment.eventCount))
        case .catalogs: return timeline.catalogs.celValue
        case .counters: return .map(timeline.state.counters.celMap)
        case .metrics, .achievements: return .null
        case .days: return days(at: moment)
        case .today: return snapshot(at: moment).todayValue
        case .streaks: return streaksValue(at: moment)
        case .levels: return snapshot(at: moment).levels
        }
    }

    package mutating func dayChanges(since mark: DayChangeMark, at moment: FactMoment,
                                    _ changed: (Int) -> Void) -> (mark: DayChangeMark, everything: Bool) {
        _ = days(at: moment)  // the records as of `moment`
        return builder.dayChanges(since: mark, changed)
    }

    private mutating func days(at moment: FactMoment) -> CELValue {
        if current?.moment == moment, let snapshot = current?.snapshot { return snapshot.days }
        if let days = currentDays, days.moment == moment { return days.value }
        // Held records would be copied when the builder updates them: let them go first.
        current = nil
        currentDays = nil
        let value = builder.days(at: moment.moment)
        currentDays = (moment, value)
        return value
    }

    /// A streak's position in rule order (the first, should two share an id). The walk asks at
    /// every checkpoint, and a rule set has a few streaks: comparing their ids (short, stored
    /// inline) is cheaper than hashing one.
    private func streakPosition(_ streak: String) -> Int? {
        streakIDs.firstIndex(of: streak)
    }

    package mutating func streakCurrent(_ streak: String, at moment: FactMoment) -> Int {
        streakCurrent(streak, ruleIndex: streakPosition(streak), at: moment)
    }

    /// `ruleIndex` is the streak's position in `streakIDs` (`nil`: not a streak of the rules).
    package mutating func streakCurrent(_ streak: String, ruleIndex: Int?, at moment: FactMoment) -> Int {
        guard let index = ruleIndex, streakIDs.indices.contains(index) else { return 0 }
        if let streaks = currentStreaks, streaks.moment == moment { return streaks.states[index].current }
        releaseHeldDays(before: moment)
        return builder.streakState(index, at: moment.moment).current
    }

    package mutating func streakFigure(_ streak: String, _ field: FactTypes.StreakField, at moment: FactMoment) -> Int? {
        guard let index = streakPosition(streak) else { return nil }
        let state: StreakState
        if let streaks = currentStreaks, streaks.moment == moment {
            state = streaks.states[index]
        } else {
            releaseHeldDays(before: moment)
            state = builder.streakState(index, at: moment.moment)
        }
        switch field {
        case .current: return state.current
        case .longest: return state.longest
        case .totalDays: return state.totalDays
        case .freezesAvailable: return state.freezesAvailable
        case .status, .lastDay: return nil
        }
    }

    /// Every streak's days at `now`, in rule order (`FactBuilder.streakCalendar`).
    package mutating func streakCalendars() -> [StreakCalendar] {
        current = nil
        currentDays = nil
        let now = self.now
        return streakIDs.indices.map { index in
            StreakCalendar(id: streakIDs[index], days: builder.streakCalendar(index, at: now).map {
                StreakCalendar.Day(day: $0.day, status: $0.status)
            })
        }
    }

    package mutating func streakRiseEventCount(_ streak: Int, at moment: FactMoment) -> Int? {
        guard streakIDs.indices.contains(streak) else { return nil }
        releaseHeldDays(before: moment)
        return builder.streakRiseEventCount(streak, at: moment.moment)
    }

    package mutating func streaksStamp(_ streaks: [Int]?, at moment: FactMoment) -> Int? {
        releaseHeldDays(before: moment)
        guard let streaks else {
            return timeline.streakRules.indices.reduce(0) { $0 + builder.streakVersion($1, at: moment.moment) }
        }
        return streaks.reduce(0) { $0 + builder.streakVersion($1, at: moment.moment) }
    }

    package mutating func daysStamp(at moment: FactMoment) -> Int? {
        if let known = currentDaysStamp, known.moment == moment { return known.stamp }
        releaseHeldDays(before: moment)
        let stamp = builder.daysVersion(at: moment.moment)
        currentDaysStamp = (moment, stamp)
        return stamp
    }

    /// Lets go of records held for an earlier moment, so the builder updates its days in place.
    private mutating func releaseHeldDays(before moment: FactMoment) {
        if let held = current?.moment, held != moment { current = nil }
        if let held = currentDays?.moment, held != moment { currentDays = nil }
    }

    /// The streak states alone at a moment: far cheaper than a whole snapshot (no `days`
    /// records), and all that milestones need at most checkpoints.
    private mutating func streakStates(at moment: FactMoment) -> [StreakState] {
        if current?.moment == moment, let snapshot = current?.snapshot { return snapshot.streakStates.map(\.state) }
        if let streaks = currentStreaks, streaks.moment == moment { return streaks.states }
        let states = builder.streakStates(at: moment.moment)
        currentStreaks = (moment, states)
        return states
    }

    /// The `streaks` value at a moment, without a whole snapshot.
    private mutating func streaksValue(at moment: FactMoment) -> CELValue {
        if current?.moment == moment, let snapshot = current?.snapshot { return snapshot.streaks }
        return builder.streaksValue(of: streakStates(at: moment))
    }

    package mutating func moduleProgress(_ criterion: ModuleCriterion, at moment: FactMoment) -> ModuleProgress {
        snapshot(at: moment).moduleProgress(criterion)
    }

    package mutating func streakStandings(at moment: FactMoment) -> [StreakStanding] {
        // The streaks alone: a whole snapshot builds every day record too (a session asks at every step).
        let states = streakStates(at: moment)
        return zip(timeline.streakRules, states).map { rule, state in
            StreakStanding(id: rule.id, current: state.current, longest: state.longest,
                           totalDays: state.totalDays, status: state.status.rawValue,
                           freezesAvailable: state.freezesAvailable, lastDay: state.lastDay?.description)
        }
    }

    package mutating func warnings(at moment: FactMoment) -> [EvaluationWarning] {
        // A whole snapshot builds every day record: only the streaks are needed when none is held.
        let warnings: [FactWarning]
        if current?.moment == moment, let snapshot = current?.snapshot {
            warnings = snapshot.warnings
        } else {
            releaseHeldDays(before: moment)
            warnings = builder.warnings(at: moment.moment)
        }
        return warnings.map { EvaluationWarning(code: $0.code.rawValue, message: $0.message, event: $0.event) }
    }
}
