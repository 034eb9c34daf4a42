import CEL
import RuleModel

// Which days qualify: the `day` predicates judged again where what they read changed.
extension FactBuilder {
    /// Updates day records for `now` and judges `day` predicates again where what they read
    /// changed; returns today's record.
    mutating func refreshDays(now: Moment, today: LocalDay) -> CELValue {
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
    mutating func judgeDays(now: Moment, today: LocalDay, recordsCurrent: Bool = false) {
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
    mutating func judgeDay(_ day: LocalDay, now: Moment, recordsCurrent: Bool) {
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
            if judgedByView { verdictsByView.keep(verdicts, for: view) }
        }
        for (position, streak) in dayStreaks.enumerated() { streaks[streak].record(day, qualifies: verdicts[position]) }
    }

    /// The verdicts of the `day` predicates (in `dayStreaks` order) on `day`'s record at `now`.
    mutating func judge(_ day: LocalDay, now: Moment, recordsCurrent: Bool) -> [Bool] {
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
