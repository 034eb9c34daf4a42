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
    package private(set) var timeline: FactTimeline
    private var position = 0
    private var snapshotPosition = 0
    private var days: DayLedger
    /// The events of each day, filed when a day record is first built (kept over a restart).
    private var dayEvents = DayEventLists()
    private var streaks: [StreakLedger]
    /// Indices of streaks qualified by a `day` predicate.
    private let dayStreaks: [Int]
    private var levels: [LevelProgress?]
    private var levelsValue: CELValue?
    private var eventWarnings: [FactWarning] = []
    private let streakIDs: [String]
    /// The `streaks` value and the states it was built from (rebuilt only when one changes,
    /// reusing the records of the streaks that did not).
    private var streaksValue: (states: [StreakState], records: [CELValue], value: CELValue)?
    private var lastMoment: Moment?
    /// How many timeline events there were when the builder last advanced.
    private var advancedOver = 0
    /// How many times the builder started over (marks from before a restart are stale).
    private var resets = 0
    /// Per streak: whether a `day` predicate qualifies it (its state needs the day records).
    private let isDayStreak: [Bool]
    /// Per streak: the state `streakVersion` last saw and how many times it saw it change (kept
    /// over a restart, so a version never repeats).
    private var observedStreaks: [StreakState?]
    private var streakVersions: [Int]
    /// What a `day` predicate binds.
    private static let dayBinding = CELRecordShape(fields: ["day", "user"])
    /// The days' version (`daysVersion`) and what it was counted from: the ledger's change count
    /// and how many days `days` showed (under `timezone: event` today can move back a day). The
    /// version is kept over a restart, so it never repeats.
    private var daysVersionCount = 0
    private var observedDays: (changes: Int, count: Int)?
    /// The record fields the `day` predicates read, the view each day was last judged with, the
    /// days judged so far (`days` only grows) and the judged days whose status may change with time.
    private let judgedFields: DayView.Fields
    /// Per day of `judgedSpan`, from its first day.
    private var judgedViews: [(view: DayView?, watched: Bool)] = []
    private var judgedSpan: ClosedRange<LocalDay>?
    /// A few at most (planned days not yet decided), so a list, not a hashed set.
    private var watchedDays: [LocalDay] = []
    /// The moment of the last judgement.
    private var lastJudged: Moment?
    /// The days changed since the last judgement (storage reused).
    private var changedDays: [LocalDay] = []
    /// Whether every `day` predicate reads only fields a `DayView` holds whole (status, planned,
    /// kill_time, expired_count): then its verdict is one per view, kept in `verdictsByView` (per
    /// view, one per streak of `dayStreaks`) instead of building the day's record to judge it.
    private let judgedByView: Bool
    private var verdictsByView: [DayView: [Bool]] = [:]
    /// Today and whether its kill moment passed, at the last moment asked (and event position).
    private var dayContext: (instant: CELTimestamp, position: Int, today: LocalDay, decided: Bool)?
    /// Whether events are counted into the day ledger's entries (what day records and `day`
    /// predicates read). A replay that reads only streaks and events never asks for records, and
    /// counting cost about a third of each event's replay; the first question about records
    /// starts the builder over, counting (`countingDays()`).
    private var countsDays: Bool

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
    private mutating func restart() {
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
    private mutating func countingDays() {
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
    private var warningParts: [[FactWarning]] {
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
    private mutating func dayContext(at moment: Moment) -> (today: LocalDay, decided: Bool) {
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

    // MARK: time ahead

    /// The changes time alone brings after the timeline's `now`, up to and including the end of
    /// the local day after today (docs/evaluation.md, "What is coming"): the builder, copied, is advanced over the
    /// timeline's own time checkpoints in that span with no further event, and each streak's
    /// state and each open planned day's status is compared with the one before. The builder
    /// itself is left where it is. Returns the span's end with the changes, by time (`nil` when
    /// the span cannot be taken: a history at the limit of its days).
    package func timeDrivenChanges() -> (horizon: Moment, changes: [TimeDrivenChange])? {
        var ahead = self
        let now = timeline.now
        // Every event up to `now` applied first: today's kill time, and whether a planned day is
        // still open, are known only then (a builder that nothing asked yet has applied none).
        ahead.moveTo(now)
        let offset = timeline.events.last.map { timeline.event(of: $0).at.offsetSeconds } ?? now.offsetSeconds
        let zone = timeline.zoneAhead
        // Compared from `now` read in the offset the checkpoints ahead are read in (under
        // `timezone: event`, `now`'s own may differ): a change of offset is no change of time.
        let start = Moment(instant: now.instant, offsetSeconds: timeline.offsetAhead(at: now.instant, from: zone) ?? offset)
        let today = ahead.days.today(at: zone == nil ? now : start)
        let end = timeline.calendar.end(of: today + 1)
        let horizon = timeline.momentAhead(of: end, lastOffset: offset, zone: zone)
        guard horizon.instant > now.instant else { return nil }
        do { try ahead.timeline.advance(to: horizon) } catch { return nil }
        // The timeline places its boundaries in the last event's offset; the user's clock places
        // them in the user's zone.
        let moments = zone.map { ahead.timeline.boundariesAhead(today - 1...today + 1, zone: $0, lastOffset: offset,
                                                                       after: now.instant, through: horizon.instant) }
            ?? ahead.timeline.timeCheckpoints(after: now.instant)
        guard !moments.isEmpty else { return (horizon, []) }
        // A day completes by counting its tasks: a builder that did not count (no rule reads the
        // day records) starts over, counting, so the day facts ahead are the same whatever the
        // rules read.
        if !ahead.countsDays, !ahead.days.openPlannedDays.isEmpty { ahead.countingDays() }
        var streaks = ahead.streakStates(at: start)
        var dayStatuses = ahead.days.openPlannedDays.sorted().map { ($0, ahead.days.status(of: $0, now: start)) }
        var changes: [TimeDrivenChange] = []
        for moment in moments {
            let next = ahead.streakStates(at: moment)
            for index in next.indices {
                changes += Self.changes(from: streaks[index], to: next[index], at: moment, streak: streakIDs[index])
            }
            streaks = next
            for position in dayStatuses.indices {
                let (day, before) = dayStatuses[position]
                let after = ahead.days.status(of: day, now: moment)
                if after == .expired, before != .expired {
                    changes.append(TimeDrivenChange(at: moment, kind: .dayExpires, subject: day.description))
                }
                dayStatuses[position].1 = after
            }
        }
        return (horizon, changes)
    }

    /// The moments of a daily reminder at `time` after `now`: `time` on today and on the next
    /// local day (the span of `upcoming`; a time before `day_starts` falls on the next date, a
    /// skipped one is the first instant after the gap), placed as `upcoming` places its moments,
    /// each with the facts there as they would be with no further event. The builder itself is
    /// left where it is.
    package func dailyMoments(at time: LocalTime) -> [(day: LocalDay, facts: FactSnapshot)] {
        var ahead = self
        let now = timeline.now
        ahead.moveTo(now)
        let offset = timeline.events.last.map { timeline.event(of: $0).at.offsetSeconds } ?? now.offsetSeconds
        let zone = timeline.zoneAhead
        // Today on the clock that places the moments (the user's, under `timezone: event`).
        let today = ahead.days.today(at: timeline.offsetAhead(at: now.instant, from: zone).map {
            Moment(instant: now.instant, offsetSeconds: $0)
        } ?? now)
        let moments = [today, today + 1].compactMap { day -> (LocalDay, Moment)? in
            let moment = timeline.momentAhead(of: timeline.calendar.killDateTime(of: day, killTime: time), lastOffset: offset, zone: zone)
            return moment.instant > now.instant ? (day, moment) : nil
        }
        guard let last = moments.last?.1 else { return [] }
        do { try ahead.timeline.advance(to: last) } catch { return [] }
        return moments.map { day, moment in (day, ahead.facts(at: moment)) }
    }

    /// What a streak's passing from `before` to `after` at `moment` is, in the kinds of `upcoming`.
    private static func changes(from before: StreakState, to after: StreakState, at moment: Moment,
                                streak: String) -> [TimeDrivenChange] {
        guard before != after else { return [] }
        var changes: [TimeDrivenChange] = []
        if after.status == .atRisk, before.status != .atRisk {
            changes.append(TimeDrivenChange(at: moment, kind: .streakAtRisk, subject: streak))
        }
        if after.current == 0, before.current > 0 {
            changes.append(TimeDrivenChange(at: moment, kind: .streakBreaks, subject: streak))
        } else if after.freezesAvailable < before.freezesAvailable, after.current > 0 {
            changes.append(TimeDrivenChange(at: moment, kind: .streakFreezes, subject: streak))
        }
        if after.freezesAvailable > before.freezesAvailable {
            changes.append(TimeDrivenChange(at: moment, kind: .freezeRefill, subject: streak))
        }
        return changes
    }

    /// Makes room in the timeline for `extra` more events (`FactTimeline.reserveForAppends`).
    package mutating func reserveTimelineAppends(_ extra: Int) {
        timeline.reserveForAppends(extra)
    }

    /// Moves the timeline's `now` on (`FactTimeline.advance(to:)`), in place.
    package mutating func advanceTimeline(to now: Moment) throws(StateFileError) {
        try timeline.advance(to: now)
    }

    // MARK: replay

    /// Consumes the events up to `moment`, starting over when it is earlier than the last one.
    private mutating func moveTo(_ moment: Moment) {
        // Asked again at the same instant (each streak at one checkpoint): everything up to it
        // is applied, unless the timeline grew since (a session's event at that instant).
        if let lastMoment, moment.instant == lastMoment.instant, advancedOver == timeline.events.count {
            self.lastMoment = moment
            return
        }
        if let lastMoment, moment.instant < lastMoment.instant {
            restart()
        }
        lastMoment = moment
        advance(to: moment)
        advancedOver = timeline.events.count
    }

    private mutating func advance(to moment: Moment) {
        // The timeline's lists are read where they are, not taken out first: that would retain
        // and release three arrays at every checkpoint, mostly to apply one event.
        while true {
            let eventReady = position < timeline.events.count
                && timeline.state.events[timeline.events[position].position].at.instant <= moment.instant
            var snapshotReady = false
            if snapshotPosition < timeline.snapshotLevels.count {
                if let at = timeline.snapshotLevels[snapshotPosition].snapshot.completedAt {
                    snapshotReady = at.instant <= moment.instant
                        && (!eventReady || at.instant <= timeline.state.events[timeline.events[position].position].at.instant)
                } else {
                    snapshotReady = true
                }
            }
            if snapshotReady {
                applySnapshotLevel(timeline.snapshotLevels[snapshotPosition])
                snapshotPosition += 1
            } else if eventReady {
                apply(timeline.events[position], at: position)
                position += 1
            } else {
                return
            }
        }
    }

    private mutating func apply(_ placed: TimelineEvent, at index: Int) {
        // Read in place: a copy of the event costs a retain and release of each of its parts.
        if countsDays {
            days.add(placed, type: timeline.state.events[placed.position].type)
        } else {
            days.noteEventDay(placed.day)
        }
        if let warning = placed.warning { eventWarnings.append(warning) }
        switch placed.effect {
        case .none, .taskCompleted:
            break
        case .plan(let day, let tasks):
            days.plan(day, tasks: tasks)
        case .killTime(let day, let minutes):
            days.setKillTime(day, minutes: minutes)
        case .level(let ordinal, let difficulty, let time, let moves):
            var progress = levels[ordinal] ?? LevelProgress()
            progress.complete(at: timeline.state.events[placed.position].at, difficulty: difficulty, time: time, moves: moves)
            levels[ordinal] = progress
            levelsValue = nil
        case .freeze(let covered, let name):
            useFreeze(placed, event: timeline.event(of: placed), covering: covered, streak: name)
        }
        for position in FactTimeline.countedPositions(event: index, ends: timeline.countedEnds) {
            streaks[Int(timeline.countedStreaks[position])].record(placed.day, qualifies: true)
        }
    }

    private mutating func applySnapshotLevel(_ entry: (ordinal: Int, snapshot: LevelSnapshot)) {
        var progress = levels[entry.ordinal] ?? LevelProgress()
        let snapshot = entry.snapshot
        if snapshot.completed {
            progress.complete(at: snapshot.completedAt, difficulty: nil, time: snapshot.bestTime, moves: snapshot.bestMoves)
        }
        progress.merge(difficulties: snapshot.difficulties, time: snapshot.bestTime, moves: snapshot.bestMoves)
        levels[entry.ordinal] = progress
        levelsValue = nil
    }

    /// A `freeze_used` (docs/rules.md, "streaks[]", manual mode): offered to the named streak or to every streak
    /// with manual freezes; each decides with its facts as of the event.
    private mutating func useFreeze(_ placed: TimelineEvent, event: StateEvent, covering covered: LocalDay, streak name: String?) {
        let index = event.index
        let targets: [Int]
        if let name {
            guard let target = streaks.firstIndex(where: { $0.id == name }) else {
                eventWarnings.append(FactWarning(.freezeUnavailable, "no streak named '\(name)'", event: index))
                return
            }
            guard streaks[target].takesManualFreezes else {
                eventWarnings.append(FactWarning(.freezeUnavailable, "streak '\(name)' has no manual freezes", event: index))
                return
            }
            targets = [target]
        } else {
            targets = streaks.indices.filter { streaks[$0].takesManualFreezes }
            guard !targets.isEmpty else {
                eventWarnings.append(FactWarning(.freezeUnavailable, "no streak has manual freezes", event: index))
                return
            }
        }
        if targets.contains(where: dayStreaks.contains) {
            // `day` predicates must see the days as they are at the event.
            judgeDays(now: event.at, today: placed.day)
        }
        let decided = days.killPassed(placed.day, now: event.at)
        for target in targets {
            if let warning = streaks[target].useFreeze(covering: covered, eventDay: placed.day, event: index,
                                                       todayDecided: decided) {
                eventWarnings.append(warning)
            }
        }
    }

    /// Updates day records for `now` and judges `day` predicates again where what they read
    /// changed; returns today's record.
    private mutating func refreshDays(now: Moment, today: LocalDay) -> CELValue {
        dayEvents.file(from: timeline)
        days.refresh(now: now, today: today, lists: dayEvents)
        let todayValue: CELValue
        if let cached = days.cachedValue(of: today) {
            todayValue = cached
        } else {
            todayValue = days.record(of: today, now: now, lists: dayEvents)
        }
        judgeDays(now: now, today: today, recordsCurrent: true)
        return todayValue
    }

    /// Judges the `day` predicates again on the days whose view (the record fields they read)
    /// can have changed since they were last judged: days changed by events, days `days` shows
    /// for the first time, and planned days whose kill moment may pass. A record is built only
    /// for a day whose view did change, so an event that leaves it alone (today's count
    /// growing under a predicate over `status`) costs no record and no judgement.
    /// `recordsCurrent`: the ledger's records were just brought up to date for `now` (reused).
    private mutating func judgeDays(now: Moment, today: LocalDay, recordsCurrent: Bool = false) {
        guard !dayStreaks.isEmpty else { return }
        days.drainUnjudged(into: &changedDays)
        guard let range = days.range(today: today) else { return }
        let span = judgedSpan.map { min($0.lowerBound, range.lowerBound)...max($0.upperBound, range.upperBound) } ?? range
        // Nothing changed, no day entered and the clock stood still: every view is as judged.
        // Without watched days (planned, not decided), nothing a view holds moves with the clock
        // alone: a later moment has nothing to judge either (every checkpoint asks).
        if changedDays.isEmpty, span == judgedSpan, watchedDays.isEmpty || now == lastJudged { return }
        lastJudged = now
        // Days entering the span (all of it the first time) are judged once whatever changed.
        let (oldFirst, oldLast) = judgedSpan.map { ($0.lowerBound.number, $0.upperBound.number) }
            ?? (span.lowerBound.number, span.lowerBound.number - 1)
        if oldFirst > span.lowerBound.number {
            judgedViews.insert(contentsOf: repeatElement((view: DayView?.none, watched: false), count: oldFirst - span.lowerBound.number), at: 0)
        }
        if span.upperBound.number > oldLast {
            judgedViews += repeatElement((view: DayView?.none, watched: false), count: span.upperBound.number - max(oldLast, oldFirst - 1))
        }
        judgedSpan = span
        for number in span.lowerBound.number..<oldFirst {
            judgeDay(LocalDay(number: number), now: now, recordsCurrent: recordsCurrent)
        }
        for number in (oldLast + 1)..<(span.upperBound.number + 1) {
            judgeDay(LocalDay(number: number), now: now, recordsCurrent: recordsCurrent)
        }
        for day in changedDays where span.contains(day) { judgeDay(day, now: now, recordsCurrent: recordsCurrent) }
        for day in watchedDays { judgeDay(day, now: now, recordsCurrent: recordsCurrent) }
        // Planned days long past cannot un-expire (wall clocks differ by at most ~26 hours
        // between offsets); stop watching them.
        if watchedDays.contains(where: { $0 < today - 2 }) {
            for day in watchedDays where day < today - 2 && days.killPassed(day, now: now) {
                watchedDays.removeAll { $0 == day }
                if let first = judgedSpan?.lowerBound { judgedViews[day.number - first.number].watched = false }
            }
        }
    }

    /// Judges `day` again when its view changed since last judged.
    private mutating func judgeDay(_ day: LocalDay, now: Moment, recordsCurrent: Bool) {
        guard let first = judgedSpan?.lowerBound else { return }
        let offset = day.number - first.number
        let (view, waits) = days.view(of: day, now: now, fields: judgedFields)
        let watch = waits && (judgedFields.contains(.status) || judgedFields.contains(.expiredCount))
        if watch != judgedViews[offset].watched {
            judgedViews[offset].watched = watch
            if !watch {
                watchedDays.removeAll { $0 == day }
            } else if !watchedDays.contains(day) {
                watchedDays.append(day)
            }
        }
        if judgedViews[offset].view == view { return }
        judgedViews[offset].view = view
        let verdicts: [Bool]
        if judgedByView, let known = verdictsByView[view] {
            verdicts = known
        } else {
            verdicts = judge(day, now: now, recordsCurrent: recordsCurrent)
            if judgedByView { verdictsByView[view] = verdicts }
        }
        for (position, streak) in dayStreaks.enumerated() { streaks[streak].record(day, qualifies: verdicts[position]) }
    }

    /// The verdicts of the `day` predicates (in `dayStreaks` order) on `day`'s record at `now`.
    private mutating func judge(_ day: LocalDay, now: Moment, recordsCurrent: Bool) -> [Bool] {
        let cached = recordsCurrent ? days.cachedValue(of: day) : nil
        let value: CELValue
        if let cached {
            value = cached
        } else if judgedByView {
            // The predicates read no event list (`judgedByView`): a record without them judges alike.
            value = days.judgedRecord(of: day, now: now, lists: DayEventLists.unfiled)
        } else {
            dayEvents.file(from: timeline)
            value = days.judgedRecord(of: day, now: now, lists: dayEvents)
        }
        let activation = CELActivation(shape: Self.dayBinding, values: [value, timeline.userValue])
        return dayStreaks.map { streak in
            guard case .day(let predicate) = timeline.qualifiers[streak] else { return false }
            return predicate.holds(value, in: activation)
        }
    }
}
