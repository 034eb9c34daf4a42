import CEL

extension FactTimeline {
    /// What appending an event continues from: the placer after the last event, the record
    /// shapes and day labels made so far, the day span, and where the time checkpoints' walk is.
    struct Growth: Sendable {
        var placer: EventPlacer
        var shapes: EventRecordShapes
        var span: DaySpan
        /// The streaks qualified by a `counts` predicate, with it.
        var counts: CountsJudge
        /// The earliest and latest day of any event.
        var eventDays: (first: LocalDay, last: LocalDay)?
        /// Under `timezone: event`: the local time (seconds) through which the walk of
        /// `timeCheckpoints()` has consumed day boundaries when it reaches the last event, and the
        /// one before it (`nil`: none consumed).
        var lastFloor: Int64?
        var previousFloor: Int64?
        /// The offset and instant of the last event.
        var lastAt: Moment?

        init(placer: EventPlacer, shapes: EventRecordShapes, span: DaySpan, counts: CountsJudge) {
            self.placer = placer
            self.shapes = shapes
            self.span = span
            self.counts = counts
        }

        /// Notes the next event in processing order.
        mutating func note(_ placed: TimelineEvent, at: Moment) {
            eventDays = eventDays.map { (min($0.first, placed.day), max($0.last, placed.day)) } ?? (placed.day, placed.day)
            previousFloor = lastFloor
            if let lastAt {
                // The walk over the previous event's stretch consumed boundaries through this
                // event's instant on the previous event's wall clock.
                let reached = at.instant.seconds + Int64(lastAt.offsetSeconds)
                lastFloor = max(lastFloor ?? reached, reached)
            }
            lastAt = at
        }
    }

    /// Whether `append` can take `event` at `now`: it comes after every event so far, at or before
    /// `now`, nothing was left out as after the old `now`, and it does not change a kill time
    /// (which moves day boundaries already passed).
    package func canAppend(_ event: StateEvent, now: Moment) -> Bool {
        guard events.count == state.events.count, now.instant >= self.now.instant, event.at.instant <= now.instant,
              event.at.instant > self.now.instant else { return false }
        if case .killTimeChanged = event.kind { return false }
        return true
    }

    /// Appends an event later than the old `now` (`canAppend`) and moves `now` on: the event is
    /// placed, its CEL record made and its `counts` judged as the whole timeline's build does.
    /// Throws when the history's day span grows past the limit (the timeline is then unchanged).
    package mutating func append(_ event: StateEvent, now: Moment) throws(StateFileError) {
        var growth = self.growth
        let position = state.events.count
        let placed = growth.placer.place(event, position: position, catalogs: catalogs)
        growth.span.note(placed, of: event)
        growth.span.note(calendar.calendarDay(of: now), from: DaySpan.Source.now)
        try growth.span.check(file: state.file)
        let value = FactTimeline.celValue(of: placed, event: event, calendar: calendar, labels: &dayLabels,
                                          shapes: &growth.shapes)
        growth.note(placed, at: event.at)
        copiedAppends.append(event, to: &state.events)
        copiedAppends.append(placed, to: &events)
        copiedAppends.append(value, to: &eventValues)
        if placed.onTime, !growth.counts.isEmpty {
            growth.counts.judge(value, type: event.type, user: userValue, event: event.index,
                                counted: &countedStreaks, errors: &countsErrors)
        }
        copiedAppends.append(Int32(clamping: countedStreaks.count), to: &countedEnds)
        self.growth = growth
        self.now = now
    }

    /// Makes room for `extra` more events in the arrays `append` grows, each then uniquely
    /// held: the first appends neither reallocate nor copy arrays built to the history's size.
    package mutating func reserveForAppends(_ extra: Int) {
        state.events.reserveCapacity(state.events.count + extra)
        events.reserveCapacity(events.count + extra)
        eventValues.reserveCapacity(eventValues.count + extra)
        countedEnds.reserveCapacity(countedEnds.count + extra)
    }

    /// Moves `now` on without an event. Throws when the day span grows past the limit.
    package mutating func advance(to now: Moment) throws(StateFileError) {
        var span = growth.span
        span.note(calendar.calendarDay(of: now), from: DaySpan.Source.now)
        try span.check(file: state.file)
        growth.span = span
        self.now = now
    }

    /// The time checkpoints (`timeCheckpoints()`) after `instant`, the timeline's old `now`,
    /// found from the last events on rather than from the first day.
    package func timeCheckpoints(after instant: CELTimestamp) -> [Moment] {
        guard let last = events.last else { return [] }
        // The last event at or before `instant`: the new one is after it, so one of the last two.
        let count = events.count
        let start: Int
        let floor: Int64?
        if event(of: last).at.instant <= instant {
            (start, floor) = (count - 1, growth.lastFloor)
        } else if count >= 2, event(of: events[count - 2]).at.instant <= instant {
            (start, floor) = (count - 2, growth.previousFloor)
        } else {
            return timeCheckpoints().filter { $0.instant > instant }
        }
        // Three days before the event's own: every boundary earlier was consumed before it.
        let fromDay = calendar.calendarDay(of: event(of: events[start]).at) - 3
        return timeCheckpoints(fromDay: fromDay, fromEvent: start, pointerFloor: floor, after: instant)
    }
}
