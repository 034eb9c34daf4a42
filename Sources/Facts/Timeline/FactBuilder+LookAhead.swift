import CEL
import RuleModel

// The look-ahead: what time alone brings after `now`, on a copy of the builder.
extension FactBuilder {
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
    static func changes(from before: StreakState, to after: StreakState, at moment: Moment,
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
}
