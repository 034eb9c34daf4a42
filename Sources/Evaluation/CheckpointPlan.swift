import CEL
import Facts
import Rules

/// The checkpoints of one replay, in time order (SPEC 5): the distinct event instants, every day's
/// kill moment and end, every `available.from`, every stored unlock's `at`, and `now`; none before
/// the first event and none after `now`. Without events the only checkpoint is `now`.
public struct CheckpointPlan: Sendable {
    public var checkpoints: [Checkpoint]

    public init(rules: RuleSet, facts: some ReplayFacts) {
        let events = facts.events
        let now = facts.now
        var kinds: [CELTimestamp: Checkpoint.Kind] = [:]
        // The offset each time-driven instant is reported in, when no event or `now` is at it.
        var offsets: [CELTimestamp: Int] = [:]
        kinds.reserveCapacity(events.count + facts.timeCheckpoints.count + 1)
        offsets.reserveCapacity(facts.timeCheckpoints.count)
        for position in events.indices { kinds[events[position].at.instant, default: []].insert(.event) }
        func add(_ instant: CELTimestamp, _ kind: Checkpoint.Kind, offset: Int?) {
            guard let first = events.first, first.at.instant <= instant, instant <= now.instant else { return }
            kinds[instant, default: []].insert(kind)
            if offsets[instant] == nil { offsets[instant] = offset ?? facts.reportingOffset(at: instant) }
        }
        for moment in facts.timeCheckpoints { add(moment.instant, .dayBoundary, offset: moment.offsetSeconds) }
        for achievement in rules.achievements {
            if let from = achievement.available?.from { add(from, .availabilityStart, offset: nil) }
        }
        for stored in facts.storedUnlocks { add(stored.at.instant, .storedUnlock, offset: nil) }
        kinds[now.instant, default: []].insert(.now)

        var checkpoints: [Checkpoint] = []
        checkpoints.reserveCapacity(kinds.count)
        var next = 0
        for instant in kinds.keys.sorted() {
            let kind = kinds[instant] ?? []
            // Positions, not events: copying an event out costs a retain and release of its fields.
            var atInstant: [Int] = []
            while next < events.count, events[next].at.instant <= instant {
                if events[next].at.instant == instant { atInstant.append(next) }
                next += 1
            }
            // The offset of the first event in file order at this instant, else now's own, else
            // the calendar's.
            let offset: Int
            if let first = atInstant.min(by: { events[$0].index < events[$1].index }) {
                offset = events[first].at.offsetSeconds
            } else if instant == now.instant {
                offset = now.offsetSeconds
            } else {
                offset = offsets[instant] ?? facts.reportingOffset(at: instant)
            }
            checkpoints.append(Checkpoint(time: Moment(instant: instant, offsetSeconds: offset), kind: kind,
                                          eventCount: next, events: atInstant.map { events[$0].index }.sorted()))
        }
        self.checkpoints = checkpoints
    }
}
