import CEL
import RuleModel

/// Replays a `FactTimeline` forward and hands out the facts at each moment asked for.
///
/// Asking for non-decreasing moments is incremental: events are consumed once, day records and
/// streak walks are extended rather than rebuilt, and `events` / `day.events` are O(1) prefixes
/// of shared arrays. Asking for an earlier moment starts over (correct, just not fast). For the
/// cheapest replay, let the previous snapshot go before asking for the next one, so the days
/// array is updated in place instead of copied.
package struct FactBuilder: Sendable {
    // The builder's state, by what it does. Each group is written by the file named in its
    // heading and read by the others only as said there.

    // MARK: The cursor (written by FactBuilder+Cursor.swift; `restart` resets it)

    /// The timeline replayed; grown in place by `appendToTimeline` / `advanceTimeline` only.
    package internal(set) var timeline: FactTimeline
    /// Timeline events applied so far (the prefix of `events` the facts show); only grows, except
    /// on `restart`.
    var position = 0
    /// Snapshot levels applied so far (`FactTimeline.snapshotLevels`), as `position`.
    var snapshotPosition = 0
    /// The last moment moved to (`moveTo`); an earlier one starts over.
    var lastMoment: Moment?
    /// How many timeline events there were when the builder last advanced.
    var advancedOver = 0
    /// How many times the builder started over (marks from before a restart are stale).
    var resets = 0

    // MARK: Day ledger and streak ledgers (written by the cursor and FactBuilder+DayVerdicts.swift)

    /// The day records and their entries; events are counted into its entries only when
    /// `countsDays`. Read by every question about `days`.
    var days: DayLedger
    /// The events of each day, filed when a day record is first built (kept over a restart).
    var dayEvents = DayEventLists()
    /// Per streak, in rule order: its runs; fed by the cursor (counted events, freezes) and by the
    /// day verdicts (`record(_:qualifies:)`).
    var streaks: [StreakLedger]
    /// Per catalog level (`CatalogIndex` ordinal): its progress, set by the cursor; `levelsValue`
    /// is its CEL value, dropped whenever one changes.
    var levels: [LevelProgress?]
    var levelsValue: CELValue?
    /// Warnings the events gave as they were applied (the cursor appends, never removes).
    var eventWarnings: [FactWarning] = []
    /// Whether events are counted into the day ledger's entries (what day records and `day`
    /// predicates read). A replay that reads only streaks and events never asks for records, and
    /// counting is a large part of each event's replay; the first question about records
    /// starts the builder over, counting (`countingDays()`). Once set, never cleared.
    var countsDays: Bool

    // MARK: Which days qualify (written by FactBuilder+DayVerdicts.swift only)

    /// Indices of streaks qualified by a `day` predicate; per streak, whether it is one.
    let dayStreaks: [Int]
    let isDayStreak: [Bool]
    /// What a `day` predicate binds.
    static let dayBinding = CELRecordShape(fields: ["day", "user"])
    /// The record fields the `day` predicates read.
    let judgedFields: DayView.Fields
    /// Per day of `judgedSpan` (from its first day): the view it was last judged with, and whether
    /// its status may still change with time. `judgedSpan` only grows (`days` only grows).
    var judgedViews: [(view: DayView?, watched: Bool)] = []
    var judgedSpan: ClosedRange<LocalDay>?
    /// The judged days whose status may change with time: a few at most (planned days not yet
    /// decided), so a list, not a hashed set.
    var watchedDays: [LocalDay] = []
    /// The moment of the last judgement.
    var lastJudged: Moment?
    /// The days changed since the last judgement (storage reused).
    var changedDays: [LocalDay] = []
    /// Whether every `day` predicate reads only fields a `DayView` holds whole (status, planned,
    /// kill_time, expired_count): then its verdict is one per view, kept in `verdictsByView` (per
    /// view, one per streak of `dayStreaks`) instead of building the day's record to judge it.
    /// A view's verdicts never change, so entries are never dropped.
    let judgedByView: Bool
    var verdictsByView = DayVerdictTable()

    // MARK: Which versions changed (written by FactBuilder+Versions.swift only; kept over a restart)

    /// Per streak: the state `streakVersion` last saw and how many times it saw it change (kept
    /// over a restart, so a version never repeats).
    var observedStreaks: [StreakState?]
    var streakVersions: [Int]
    /// The days' version (`daysVersion`) and what it was counted from: the ledger's change count
    /// and how many days `days` showed (under `timezone: event` today can move back a day). The
    /// version is kept over a restart, so it never repeats.
    var daysVersionCount = 0
    var observedDays: (changes: Int, count: Int)?

    // MARK: Values cached (each valid for the moment it was computed at)

    let streakIDs: [String]
    /// The `streaks` value and the states it was built from (rebuilt by `streaksValue(of:)` only
    /// when one changes, reusing the records of the streaks that did not).
    var streaksValue: (states: [StreakState], records: [CELValue], value: CELValue)?
    /// Today and whether its kill moment passed, at the last moment asked (and event position);
    /// set by `dayContext(at:)`, stale as soon as the instant or the position moves.
    var dayContext: (instant: CELTimestamp, position: Int, today: LocalDay, decided: Bool)?

    /// The appends to the days' event lists that copied a shared list (debug builds; `CopiedAppends`).
    package var copiedDayListAppends: Int { dayEvents.copiedAppends.count }

    /// A builder at the start of history (no events consumed yet).
    package init(timeline: FactTimeline) {
        days = DayLedger(calendar: timeline.calendar, labels: timeline.dayLabels)
        days.judging = timeline.qualifiers.contains {
            if case .day = $0 { return true }
            return false
        }
        streaks = timeline.streakRules.map { StreakLedger(rule: $0, backfillDay: timeline.backfillDay) }
        streakIDs = timeline.streakRules.map(\.id)
        dayStreaks = timeline.qualifiers.indices.filter {
            if case .day = timeline.qualifiers[$0] { return true }
            return false
        }
        levels = Array(repeatElement(nil, count: timeline.catalogs.levels.count))
        isDayStreak = timeline.qualifiers.map {
            if case .day = $0 { return true }
            return false
        }
        judgedFields = timeline.qualifiers.reduce(into: DayView.Fields()) { fields, qualifier in
            if case .day(let predicate) = qualifier { fields.formUnion(DayView.Fields(recordFields: predicate.subjectFields)) }
        }
        days.judgedFields = judgedFields
        judgedByView = timeline.qualifiers.allSatisfy { qualifier in
            guard case .day(let predicate) = qualifier else { return true }
            return predicate.subjectFields?.isSubset(of: ["status", "planned", "kill_time", "expired_count"]) ?? false
        }
        observedStreaks = Array(repeatElement(nil, count: timeline.streakRules.count))
        streakVersions = Array(repeatElement(0, count: timeline.streakRules.count))
        countsDays = days.judging
        // Stored last: its last use, the timeline moves in instead of being copied (a retain and
        // release of each of its arrays, at every state).
        self.timeline = timeline
    }

    /// Starts over from the start of history, keeping what must never repeat (the versions handed
    /// out and the restart count, which makes earlier day-change marks stale).
    mutating func restart() {
        let resets = self.resets
        let (observed, versions) = (observedStreaks, streakVersions)
        let (daysVersion, counted) = (daysVersionCount, countsDays)
        let dayEvents = self.dayEvents
        self = FactBuilder(timeline: timeline)
        self.dayEvents = dayEvents
        self.resets = resets + 1
        (observedStreaks, streakVersions) = (observed, versions)
        (daysVersionCount, countsDays) = (daysVersion, counted)
    }

    /// Makes sure events are counted into the day entries before records are read: the first
    /// time, starts over counting.
    mutating func countingDays() {
        guard !countsDays else { return }
        restart()
        countsDays = true
    }

    /// The facts at `moment` (docs/facts.md): built from the events at or before it, with `now` =
    /// `moment`. `achievements` is the `achievements` CEL value the replay maintains.
    package mutating func facts(at moment: Moment, achievements: CELValue = FactSnapshot.noAchievements) -> FactSnapshot {
        countingDays()
        moveTo(moment)
        let today = days.today(at: moment)
        let todayDecided = days.killPassed(today, now: moment)
        let todayValue = refreshDays(now: moment, today: today)
        let states = streaks.indices.map { streaks[$0].state(today: today, todayDecided: todayDecided) }
        let streaksRecord = streaksValue(of: states)

        if levelsValue == nil {
            levelsValue = .map(CELMap(strings: levels.indices.compactMap { ordinal in
                levels[ordinal].map { (key: timeline.catalogs.levels[ordinal].level.id, value: $0.celValue) }
            }))
        }

        let dayCount = days.count(today: today)
        return FactSnapshot(
            now: moment, today: today, todayDecided: todayDecided, eventCount: position,
            user: timeline.userValue,
            events: .list(CELList(prefixOf: timeline.eventValues, count: position)),
            days: .list(CELList(prefixOf: days.values, count: min(dayCount, days.values.count))),
            todayValue: todayValue,
            streaks: streaksRecord,
            levels: levelsValue ?? .null,
            catalogs: timeline.catalogs.celValue,
            counters: timeline.countersValue,
            achievements: achievements,
            streakIDs: streakIDs, streakStateList: states,
            levelProgress: levels, catalogIndex: timeline.catalogs,
            warningParts: warningParts)
    }

    /// The warnings `facts(at:)` holds at `moment`, without building the `days` records.
    package mutating func warnings(at moment: Moment) -> [FactWarning] {
        _ = streakStates(at: moment)  // as `facts(at:)`: every streak settled before the reservations are read
        return FactSnapshot.ordered(warningParts)
    }

    /// The warnings so far in groups: the timeline's, the events', and the reserved freezes
    /// returned because their day qualified (read after the streaks are settled at a moment).
    var warningParts: [[FactWarning]] {
        var releasedFreezes: [FactWarning] = []
        for index in streaks.indices where !streaks[index].uses.isEmpty {
            releasedFreezes += streaks[index].releasedReservationWarnings()
        }
        return [timeline.standingWarnings, eventWarnings, releasedFreezes]
    }

    /// `days` at `moment` (what `facts(at:).days` holds) without the rest of a snapshot: what
    /// folds over days read at most checkpoints.
    package mutating func days(at moment: Moment) -> CELValue {
        countingDays()
        moveTo(moment)
        let today = days.today(at: moment)
        _ = refreshDays(now: moment, today: today)
        let dayCount = days.count(today: today)
        return .list(CELList(prefixOf: days.values, count: min(dayCount, days.values.count)))
    }

    /// How many records `days(at:)` holds at most at `moment`, without building them.
    package mutating func dayCount(at moment: Moment) -> Int {
        moveTo(moment)
        return days.count(today: days.today(at: moment))
    }

    /// Every streak's state at `moment`, in rule order: what `facts(at:).streakStates` holds,
    /// without building the `days` records (needed only when a streak has a `day` predicate).
    package mutating func streakStates(at moment: Moment) -> [StreakState] {
        moveTo(moment)
        let today = days.today(at: moment)
        let todayDecided = days.killPassed(today, now: moment)
        judgeDays(now: moment, today: today)
        return streaks.indices.map { streaks[$0].state(today: today, todayDecided: todayDecided) }
    }

    /// Streak `index`'s state at `moment` (in rule order): the day records are brought up to
    /// date only for a streak with a `day` predicate.
    package mutating func streakState(_ index: Int, at moment: Moment) -> StreakState {
        moveTo(moment)
        let (today, decided) = dayContext(at: moment)
        if isDayStreak[index] { judgeDays(now: moment, today: today) }
        return streaks[index].state(today: today, todayDecided: decided)
    }

    /// Streak `index`'s days at `moment` (`StreakLedger.calendar`, in rule order), a missed day
    /// whose plan expired at its kill time told as `expired`; empty before its first qualifying day.
    package mutating func streakCalendar(_ index: Int, at moment: Moment) -> [(day: LocalDay, status: StreakDayStatus)] {
        // A day's status needs its entries counted (planned, completed).
        countingDays()
        moveTo(moment)
        let (today, decided) = dayContext(at: moment)
        judgeDays(now: moment, today: today)
        guard let calendar = streaks[index].calendar(today: today, todayDecided: decided) else { return [] }
        return calendar.days.enumerated().map { offset, status in
            let day = calendar.first + offset
            guard status == .missed, days.view(of: day, now: moment, fields: .status).view.status == .expired else {
                return (day, status)
            }
            return (day, .expired)
        }
    }


    /// Appends an event to the timeline being replayed (`FactTimeline.append`), in place: the
    /// builder goes on from where it is, since the event is later than every moment asked for.
    package mutating func appendToTimeline(_ event: StateEvent, now: Moment) throws(StateFileError) {
        // The event lands on its calendar day or, late, on the next: their records let go of
        // the day's event lists first (the event changes the day's record anyway).
        let day = timeline.calendar.calendarDay(of: event.at)
        days.releaseRecord(of: day)
        days.releaseRecord(of: day + 1)
        try timeline.append(event, now: now)
    }


    /// Makes room in the timeline for `extra` more events (`FactTimeline.reserveForAppends`).
    package mutating func reserveTimelineAppends(_ extra: Int) {
        timeline.reserveForAppends(extra)
    }

    /// Moves the timeline's `now` on (`FactTimeline.advance(to:)`), in place.
    package mutating func advanceTimeline(to now: Moment) throws(StateFileError) {
        try timeline.advance(to: now)
    }

}
