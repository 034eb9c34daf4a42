import CEL
import Facts
import RuleModel

/// The checkpoints of one replay, in time order (docs/evaluation.md, "Replay"): the distinct event instants, every day's
/// kill moment and end, every `available.from`, every stored unlock's `at`, and `now`; none before
/// the first event and none after `now`. Without events the only checkpoint is `now`.
package struct CheckpointPlan: Sendable {
    package var checkpoints: [Checkpoint]

    package init(rules: RuleSet, facts: borrowing some ReplayFacts) {
        checkpoints = Self.plan(rules: rules, facts: facts, after: nil, timeCheckpoints: facts.timeCheckpoints)
    }

    /// The checkpoints a plan of the same facts grown since an earlier `now` (`after`) adds: the
    /// ones strictly after it. `timeCheckpoints`: the facts' time checkpoints after `after`. Only
    /// the events after `after` are read (they are the last ones).
    package static func checkpoints(rules: RuleSet, facts: some ReplayFacts, after: CELTimestamp,
                                    timeCheckpoints: [Moment]) -> [Checkpoint] {
        guard facts.now.instant > after else { return [] }
        return plan(rules: rules, facts: facts, after: after, timeCheckpoints: timeCheckpoints)
    }

    /// The checkpoints that are not events, in time order, with the offset each is reported in
    /// when no event or `now` is at it (`nil`: the calendar's there).
    private static func otherCheckpoints(rules: RuleSet, facts: some ReplayFacts, after: CELTimestamp?,
                                         timeCheckpoints: [Moment]) -> [(instant: CELTimestamp, kind: Checkpoint.Kind, offset: Int?)] {
        let events = facts.events
        let now = facts.now
        // Events are already in time order, so the two lists are merged rather than gathered in
        // a dictionary of instants.
        var others: [(instant: CELTimestamp, kind: Checkpoint.Kind, offset: Int?)] = []
        others.reserveCapacity(timeCheckpoints.count + facts.storedUnlocks.count + 1)
        func add(_ instant: CELTimestamp, _ kind: Checkpoint.Kind, offset: Int?) {
            guard let first = events.first, first.at.instant <= instant, instant <= now.instant else { return }
            if let after, instant <= after { return }
            others.append((instant, kind, offset))
        }
        for moment in timeCheckpoints { add(moment.instant, .dayBoundary, offset: moment.offsetSeconds) }
        for achievement in rules.achievements {
            if let from = achievement.available?.from { add(from, .availabilityStart, offset: nil) }
        }
        for stored in facts.storedUnlocks { add(stored.at.instant, .storedUnlock, offset: nil) }
        others.append((now.instant, .now, nil))
        // Stable: at one instant the first one added gives the offset. Usually in order already
        // (the day boundaries come in time order, then `now`): then there is nothing to sort.
        if !zip(others, others.dropFirst()).allSatisfy({ $0.instant <= $1.instant }) {
            others = others.enumerated().sorted {
                $0.element.instant != $1.element.instant ? $0.element.instant < $1.element.instant : $0.offset < $1.offset
            }.map(\.element)
        }
        return others
    }

    private static func plan(rules: RuleSet, facts: some ReplayFacts, after: CELTimestamp?,
                                    timeCheckpoints: [Moment]) -> [Checkpoint] {
        let events = facts.events
        let now = facts.now
        var firstNew = events.count
        if let after {
            while firstNew > 0, events[firstNew - 1].at.instant > after { firstNew -= 1 }
        } else {
            firstNew = 0
        }
        let others = otherCheckpoints(rules: rules, facts: facts, after: after, timeCheckpoints: timeCheckpoints)

        var checkpoints: [Checkpoint] = []
        checkpoints.reserveCapacity(events.count - firstNew + others.count)
        var next = firstNew
        var other = 0
        while next < events.count || other < others.count {
            let instant = other < others.count && (next == events.count || others[other].instant < events[next].at.instant)
                ? others[other].instant : events[next].at.instant
            var kind: Checkpoint.Kind = []
            // Positions, not events: copying an event out costs a retain and release of its fields.
            let atInstant = next
            while next < events.count, events[next].at.instant == instant { next += 1 }
            let atInstantCount = next - atInstant
            if atInstantCount > 0 { kind.insert(.event) }
            var otherOffset: Int??
            while other < others.count, others[other].instant == instant {
                kind.insert(others[other].kind)
                if otherOffset == nil, others[other].kind != .now { otherOffset = .some(others[other].offset) }
                other += 1
            }
            // The offset of the first event in file order at this instant, else now's own, else
            // the one it was added with, else the calendar's.
            let offset: Int
            if let first = (atInstant..<next).min(by: { events[$0].index < events[$1].index }) {
                offset = events[first].at.offsetSeconds
            } else if instant == now.instant {
                offset = now.offsetSeconds
            } else {
                offset = (otherOffset ?? nil) ?? facts.reportingOffset(at: instant)
            }
            let time = Moment(instant: instant, offsetSeconds: offset)
            checkpoints.append(atInstantCount == 1
                ? Checkpoint(time: time, kind: kind, eventCount: next, event: events[atInstant].index)
                : Checkpoint(time: time, kind: kind, eventCount: next, events: (atInstant..<next).map { events[$0].index }.sorted()))
        }
        return checkpoints
    }
}
