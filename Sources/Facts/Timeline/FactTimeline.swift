import CEL
import Foundation
import RuleModel

/// Everything about one user's history that is decided at event time, computed once: events
/// (after `now` filtering) placed on the calendar with lateness, accepted and rejected plans and
/// kill-time changes, level completions, streak `counts` results, and the CEL value of every
/// event. `FactBuilder` replays it to any moment; this type is immutable and shared.
///
/// Choices where docs/rules.md and docs/facts.md is silent:
/// - an event's `weekday` is the weekday of its `day` (so a session after midnight but before
///   `day_starts`, or an event moved by `late: next_day`, has the weekday of the day it counts for);
/// - `days` starts at the earliest local day of any event (under `timezone: event` a later event
///   of a westbound traveller can belong to an earlier day);
/// - streak predicates see `event` / `day` and `user`;
/// - a `freeze_used` before any qualifying day is `freeze_not_needed` (nothing to protect), and a
///   reserved freeze is returned as soon as its day qualifies;
/// - the `levels` map lists levels in catalog order; a snapshot level with `completed: false` is
///   touched (it appears) but not done.
package struct FactTimeline: Sendable {
    package internal(set) var state: StateFile
    package let calendar: LocalCalendar
    /// The evaluation moment: the last moment facts can be asked for.
    package internal(set) var now: Moment
    package let catalogs: CatalogIndex
    /// The rule set's streaks, in rule order (parallel to `qualifiers`).
    package let streakRules: [StreakRule]
    /// How each streak's days qualify.
    package let qualifiers: [StreakQualifier]
    /// Events at or before `now`, in processing order.
    package internal(set) var events: [TimelineEvent]
    /// The CEL value of each of `events` (shared prefixes become `events` in CEL).
    package internal(set) var eventValues: [CELValue]
    /// Per event: the streaks (indices in `streakRules`) whose `counts` holds for it (on-time
    /// events only), flattened: event i's are `countedStreaks[countedEnds[i - 1] ..< countedEnds[i]]`
    /// (one small array per event would cost more than the event's own record).
    var countedStreaks: [Int32]
    var countedEnds: [Int32]
    /// Per streak (index in `streakRules`) whose `counts` failed for some on-time event: the
    /// first such event (index in the state file) and the error.
    package internal(set) var countsErrors: [Int: (event: Int, error: CELError)]
    /// The names of the days events fell on, made once here and reused for day records.
    var dayLabels: DayLabels
    /// Known snapshot levels in the order they become visible (no `completed_at` first).
    let snapshotLevels: [(ordinal: Int, snapshot: LevelSnapshot)]
    /// Each day's kill time after every accepted change, by day number.
    let finalKillTimes: [Int: Int]
    /// What `append` continues: the placer after the last event, the record shapes made so far,
    /// the day span and the range of event days.
    var growth: Growth
    /// The appends that copied a shared array (debug builds: a step must append in place).
    package internal(set) var copiedAppends = CopiedAppends()
    /// The `user` and `counters` CEL values (they never change).
    package let userValue: CELValue
    package let countersValue: CELValue
    /// The local day the state's backfill moment (`backfill.at`, else `now`) belongs to (under
    /// `late: next_day`, the next day once its kill moment passed, by the kill time in force
    /// then): streaks with `backfill_days` count from `backfill_days − 1` days before it.
    package let backfillDay: LocalDay
    /// Warnings that do not depend on the moment: events after `now`, unknown snapshot levels.
    package let standingWarnings: [FactWarning]

    /// - Parameters:
    ///   - now: the evaluation moment (command line, else the file's `now`, else the clock).
    ///   - qualifiers: per streak of `rules.streaks`, how days qualify; by default the rules'
    ///     own CEL predicates.
    /// - Throws: a `StateFileError` when the calendar needs `user.timezone` and it is missing
    ///   or unknown.
    package init(state: StateFile, rules: RuleSet, now: Moment, qualifiers: [StreakQualifier]? = nil) throws(StateFileError) {
        self.state = state
        self.now = now
        calendar = try LocalCalendar(rule: rules.calendar, userTimeZone: state.userTimeZone, file: state.file)
            .cachingOffsets(around: state.events.map(\.at.instant.seconds) + [now.instant.seconds])
        catalogs = CatalogIndex(catalogs: rules.catalogs)
        streakRules = rules.streaks
        let user = CELValue.map(state.user.celMap)
        userValue = user
        countersValue = .map(state.counters.celMap)
        let qualifiers = qualifiers ?? rules.streaks.map(StreakQualifier.init(rule:))
        self.qualifiers = qualifiers

        var pass = Self.placeEvents(of: state, now: now, calendar: calendar, catalogs: catalogs, qualifiers: qualifiers,
                                    user: user, plan: rules.eventPlan)
        // Before anything walks the days: a span of centuries would take minutes.
        try pass.span.check(file: state.file)
        self.backfillDay = pass.backfillDay ?? pass.placer.day(of: state.backfillAt ?? now)
        events = pass.events
        finalKillTimes = pass.placer.killTimes
        eventValues = pass.values
        countedStreaks = pass.countedStreaks
        countedEnds = pass.countedEnds
        countsErrors = pass.countsErrors
        dayLabels = pass.labels
        growth = Growth(placer: pass.placer, shapes: pass.recordShapes, span: pass.span, counts: pass.counts)
        for placed in pass.events { growth.note(placed, at: state.events[placed.position].at) }

        snapshotLevels = Self.knownSnapshotLevels(state.levels, catalogs: catalogs, warnings: &pass.warnings)
        standingWarnings = Self.badEventWarnings(state.skippedEvents) + pass.warnings
        zoneAhead = Self.zoneAhead(calendar.zone, userTimeZone: state.userTimeZone)
    }

    /// What one pass over the state's events gathers, in file order: each event placed on its
    /// day, its record, the streaks its `counts` judged, and the history's span.
    private struct EventPass {
        var warnings: [FactWarning] = []
        var placer: EventPlacer
        var events: [TimelineEvent] = []
        var values: [CELValue] = []
        var countedStreaks: [Int32] = []
        var countedEnds: [Int32] = []
        var countsErrors: [Int: (event: Int, error: CELError)] = [:]
        var counts: CountsJudge
        var labels = DayLabels()
        var span = DaySpan()
        var recordShapes: EventRecordShapes
        /// The day of the backfill moment, placed with the kill times in force at that moment.
        var backfillDay: LocalDay?
    }

    private static func placeEvents(of state: StateFile, now: Moment, calendar: LocalCalendar, catalogs: CatalogIndex,
                                    qualifiers: [StreakQualifier], user: CELValue, plan: EventPlan?) -> EventPass {
        var pass = EventPass(placer: EventPlacer(calendar: calendar), counts: CountsJudge(qualifiers: qualifiers),
                             recordShapes: EventRecordShapes(plan: plan))
        pass.events.reserveCapacity(state.events.count)
        pass.values.reserveCapacity(state.events.count)
        pass.countedEnds.reserveCapacity(state.events.count)
        // Room for one streak an event (grown from empty, the list would be copied at each doubling).
        if !pass.counts.isEmpty { pass.countedStreaks.reserveCapacity(state.events.count) }
        pass.span.note(calendar.calendarDay(of: now), from: .now)
        let backfillMoment = state.backfillAt ?? now
        for (position, event) in state.events.enumerated() {
            if pass.backfillDay == nil, event.at.instant > backfillMoment.instant { pass.backfillDay = pass.placer.day(of: backfillMoment) }
            guard event.at.instant <= now.instant else {
                pass.warnings.append(FactWarning(.futureEvent, "'\(event.type)' at \(event.at) is after now (\(now)); ignored",
                                                 event: event.index))
                continue
            }
            let placed = pass.placer.place(event, position: position, catalogs: catalogs)
            pass.span.note(placed, of: event)
            let value = FactTimeline.celValue(of: placed, event: event, calendar: calendar, labels: &pass.labels,
                                              shapes: &pass.recordShapes)
            pass.events.append(placed)
            pass.values.append(value)
            if placed.onTime, !pass.counts.isEmpty {
                pass.counts.judge(value, type: event.type, user: user, event: event.index, counted: &pass.countedStreaks,
                                  errors: &pass.countsErrors)
            }
            pass.countedEnds.append(Int32(clamping: pass.countedStreaks.count))
        }
        return pass
    }

    /// Under `timezone: event`, the zone `user.timezone` names (when it names one).
    private static func zoneAhead(_ zone: LocalCalendar.Zone, userTimeZone: String?) -> TimeZone? {
        guard case .eventOffset = zone, let name = userTimeZone else { return nil }
        return TimeZone(identifier: name)
    }

    /// How many skipped events are warned about one by one; the rest are counted in one warning.
    package static let badEventsListed = 100

    /// One `bad_event` warning per skipped event (its JSON path and why), the first
    /// `badEventsListed`, then one that counts the rest.
    static func badEventWarnings(_ skipped: [SkippedEvent]) -> [FactWarning] {
        var warnings = skipped.prefix(badEventsListed).map { event in
            FactWarning(.badEvent, "\(event.error.path): \(event.error.message); the event is left out", event: event.index)
        }
        if skipped.count > badEventsListed {
            let rest = skipped.count - badEventsListed
            warnings.append(FactWarning(.badEvent, "\(rest) more event\(rest == 1 ? "" : "s") could not be read and \(rest == 1 ? "is" : "are") left out"))
        }
        return warnings
    }

    /// The snapshot levels some catalog knows (the others are warned about), in the order they
    /// become visible. Stable: entries without a time first, then by time, equal times in
    /// written order.
    private static func knownSnapshotLevels(_ levels: [LevelSnapshot], catalogs: CatalogIndex,
                                            warnings: inout [FactWarning]) -> [(ordinal: Int, snapshot: LevelSnapshot)] {
        var snapshots: [(ordinal: Int, snapshot: LevelSnapshot)] = []
        for snapshot in levels {
            guard let ordinal = catalogs.ordinal(of: snapshot.level) else {
                warnings.append(FactWarning(.unknownLevel, "level '\(snapshot.level)' in the levels snapshot is in no catalog; ignored"))
                continue
            }
            snapshots.append((ordinal, snapshot))
        }
        return snapshots.enumerated().sorted { a, b in
            switch (a.element.snapshot.completedAt, b.element.snapshot.completedAt) {
            case (nil, nil): return a.offset < b.offset
            case (nil, _): return true
            case (_, nil): return false
            case (let x?, let y?): return x.instant != y.instant ? x.instant < y.instant : a.offset < b.offset
            }
        }.map(\.element)
    }

    /// The facts at `moment` built from nothing (the reference the incremental builder must
    /// match; also the simplest way to ask one question).
    package func facts(at moment: Moment, achievements: CELValue = FactSnapshot.noAchievements) -> FactSnapshot {
        var builder = FactBuilder(timeline: self)
        return builder.facts(at: moment, achievements: achievements)
    }

    /// The state event a placed event stands for.
    package func event(of placed: TimelineEvent) -> StateEvent {
        state.events[placed.position]
    }

    /// Where in `countedStreaks` the streaks (indices in `streakRules`) whose `counts` holds for
    /// event `index` are. Positions, not the slice: a replay mutating itself around a method call
    /// on its timeline copied the whole timeline for the call, at every event.
    static func countedPositions(event index: Int, ends countedEnds: [Int32]) -> Range<Int> {
        (index > 0 ? Int(countedEnds[index - 1]) : 0)..<Int(countedEnds[index])
    }

    /// The earliest local day of any event (the start of `days`).
    package var firstDay: LocalDay? { growth.eventDays?.first }

    // MARK: time-driven checkpoints

    /// Under `timezone: event`, the zone that places wall-clock times after `now`: the state's
    /// `user.timezone` when it names one (the user's clock, daylight saving included); `nil`
    /// otherwise (the last event's offset places them).
    package let zoneAhead: TimeZone?

    /// The offset an instant after `now` is reported in under `timezone: event` when
    /// `zoneAhead` names a zone (`nil` otherwise: the last event's).
    package func offsetAhead(at instant: CELTimestamp) -> Int? {
        guard instant > now.instant else { return nil }
        return offsetAhead(at: instant, from: zoneAhead)
    }

    /// The kill moments (with a kill time) and ends of `days`, wall-clock times placed in `zone`
    /// (`momentAhead`), those after `after` and at or before `horizon`, ascending: the time
    /// checkpoints ahead under `timezone: event` with a `zoneAhead`.
    package func boundariesAhead(_ days: ClosedRange<LocalDay>, zone: TimeZone, lastOffset: Int,
                                 after: CELTimestamp, through horizon: CELTimestamp) -> [Moment] {
        var moments: [Moment] = []
        for number in days.lowerBound.number...days.upperBound.number {
            let day = LocalDay(number: number)
            let kill = finalKillTimes[day.number].map(LocalTime.init(minutes:)) ?? calendar.killTime
            var boundaries = [calendar.end(of: day)]
            if let kill { boundaries.append(calendar.killDateTime(of: day, killTime: kill)) }
            for boundary in boundaries {
                let moment = momentAhead(of: boundary, lastOffset: lastOffset, zone: zone)
                if moment.instant > after, moment.instant <= horizon, !moments.contains(where: { $0.instant == moment.instant }) {
                    moments.append(moment)
                }
            }
        }
        return moments.sorted()
    }

    /// `zone`'s offset at `instant` (`nil` without a zone).
    package func offsetAhead(at instant: CELTimestamp, from zone: TimeZone?) -> Int? {
        zone.map { ZoneOffsetTable.zoneOffset($0, at: instant.seconds) }
    }

    /// Where the wall-clock time `local` after `now` falls: in the calendar's zone; under
    /// `timezone: event` in `zoneAhead` (`zone`, when the caller has it), else in `lastOffset`
    /// (the last event's). A skipped time is the first instant after the gap.
    package func momentAhead(of local: LocalDateTime, lastOffset: Int, zone: TimeZone?) -> Moment {
        guard let zone else { return calendar.instant(of: local, offsetHint: lastOffset) }
        var placing = calendar
        placing.zone = .named(zone)
        return placing.instant(of: local, offsetHint: lastOffset)
    }

    /// The moments at which facts change without an event (docs/evaluation.md, "Replay"): the kill moment (with a
    /// kill time) and the end of every day from the earliest event's day on, strictly after the
    /// first event and at or before `now`, ascending. Under `timezone: event` each is placed and
    /// reported in the offset of the last event at or before it (the wall clock that last event
    /// implies; a boundary the clock jumps over at an event coincides with that event and is
    /// left out). Under a zone, in the zone's offset at that instant.
    package func timeCheckpoints() -> [Moment] {
        guard let firstDay else { return [] }
        return timeCheckpoints(fromDay: firstDay, fromEvent: 0, pointerFloor: nil, after: nil)
    }

    /// `timeCheckpoints()` from `fromDay` and event `fromEvent` on, keeping only those after
    /// `after`. `pointerFloor`: under `timezone: event`, the local time through which the walk
    /// over the earlier events consumed the boundaries (`nil`: from the first event).
    func timeCheckpoints(fromDay: LocalDay, fromEvent: Int, pointerFloor: Int64?, after: CELTimestamp?) -> [Moment] {
        guard let firstEvent = events.first, let firstDay else { return [] }
        var lastDay = calendar.calendarDay(of: now) + 1
        lastDay = max(lastDay, growth.eventDays?.last ?? lastDay)
        var boundaries: [LocalDateTime] = []
        for number in max(firstDay.number, fromDay.number)...max(lastDay.number, firstDay.number) {
            let day = LocalDay(number: number)
            let kill = finalKillTimes[day.number].map(LocalTime.init(minutes:)) ?? calendar.killTime
            if let kill { boundaries.append(calendar.killDateTime(of: day, killTime: kill)) }
            boundaries.append(calendar.end(of: day))
        }
        // Mostly in order already (a kill time before midnight): then there is nothing to hash or sort.
        if !Self.isIncreasing(boundaries, by: \.self) { boundaries = Array(Set(boundaries)).sorted() }
        let floor = after?.seconds ?? Int64.min
        var moments: [Moment] = []
        switch calendar.zone {
        case .named:
            for boundary in boundaries {
                let moment = calendar.instant(of: boundary, offsetHint: 0)
                if moment.instant > event(of: firstEvent).at.instant && moment.instant <= now.instant
                    && moment.instant.seconds > floor { moments.append(moment) }
            }
        case .eventOffset:
            var next = 0
            if let pointerFloor {
                while next < boundaries.count, boundaries[next].seconds <= pointerFloor { next += 1 }
            }
            for index in fromEvent..<events.count {
                let at = event(of: events[index]).at
                let offset = Int64(at.offsetSeconds)
                let start = at.instant.seconds
                let end = index + 1 < events.count ? event(of: events[index + 1]).at.instant.seconds : now.instant.seconds
                while next < boundaries.count, boundaries[next].seconds <= end + offset {
                    let at = boundaries[next].seconds - offset
                    if at > start && at > floor {
                        moments.append(Moment(instant: CELTimestamp(seconds: at), offsetSeconds: Int(offset)))
                    }
                    next += 1
                }
            }
        }
        if Self.isIncreasing(moments, by: \.instant) { return moments.filter { $0.instant <= now.instant } }
        var seen = Set<CELTimestamp>()
        return moments.filter { $0.instant <= now.instant && seen.insert($0.instant).inserted }.sorted()
    }

    /// Whether `key` strictly increases along `elements` (no two equal).
    private static func isIncreasing<Element, Key: Comparable>(_ elements: [Element], by key: (Element) -> Key) -> Bool {
        var index = elements.startIndex + 1
        while index < elements.endIndex {
            guard key(elements[index - 1]) < key(elements[index]) else { return false }
            index += 1
        }
        return true
    }

    // MARK: event values

    static func celValue(of placed: TimelineEvent, event: StateEvent, calendar: LocalCalendar, labels: inout DayLabels,
                         shapes: inout EventRecordShapes) -> CELValue {
        let local = calendar.localDateTime(of: event.at)
        labels.select(placed.day)
        // The record's own fields first, in declared order, then the attributes: the order of
        // the shape, written straight into the record (a million are held).
        let fields = FactTypes.eventRecord.fields
        let attributes = event.attributes.values
        return .map(CELMap(shape: shapes[event.attributes.keys]) { buffer in
            for position in fields.indices {
                let value: CELValue = switch fields[position] {
                case .type: .string(event.type)
                case .at: .timestamp(event.at.instant)
                case .day: labels.date
                case .hour: .int(Int64(local.hour))
                case .minute: .int(Int64(local.minute))
                case .weekday: labels.weekday
                case .week: labels.week
                case .late: .bool(placed.late)
                }
                buffer.initializeElement(at: position, to: value)
            }
            for position in fields.count..<buffer.count {
                let index = position - fields.count
                buffer.initializeElement(at: position, to: index < attributes.count ? attributes[index].celValue : .null)
            }
            if let forms = shapes.plannedForms.forms(of: event.type) {
                let names = event.attributes.keys
                for (name, form) in forms {
                    guard let index = names.firstIndex(of: name) else { continue }
                    let position = fields.count + index
                    buffer[position] = PlannedAttributeForms.value(buffer[position], in: form)
                }
            }
        })
    }
}
