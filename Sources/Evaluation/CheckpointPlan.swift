import CEL
import Rules

/// The checkpoints of one replay, in time order (SPEC 5): the distinct event instants, every day's
/// kill moment and end, every `available.from`, every stored unlock's `at`, and `now`; none before
/// the first event and none after `now`. Without events the only checkpoint is `now`.
public struct CheckpointPlan: Sendable {
    public var checkpoints: [Checkpoint]

    public init(rules: RuleSet, facts: some ReplayFacts) {
        let timeline = facts.timeline
        let now = facts.now
        var kinds: [CELTimestamp: Checkpoint.Kind] = [:]
        for event in timeline { kinds[event.at.instant, default: []].insert(.event) }
        func add(_ instant: CELTimestamp, _ kind: Checkpoint.Kind) {
            guard let first = timeline.first, first.at.instant <= instant, instant <= now.instant else { return }
            kinds[instant, default: []].insert(kind)
        }
        for boundary in facts.dayBoundaries { add(boundary, .dayBoundary) }
        for achievement in rules.achievements {
            if let from = achievement.available?.from { add(from, .availabilityStart) }
        }
        for stored in facts.storedUnlocks { add(stored.at.instant, .storedUnlock) }
        kinds[now.instant, default: []].insert(.now)

        var checkpoints: [Checkpoint] = []
        checkpoints.reserveCapacity(kinds.count)
        var next = 0
        for instant in kinds.keys.sorted() {
            let kind = kinds[instant] ?? []
            var atInstant: [TimelineEvent] = []
            while next < timeline.count, timeline[next].at.instant <= instant {
                if timeline[next].at.instant == instant { atInstant.append(timeline[next]) }
                next += 1
            }
            // The offset of the first event in file order at this instant, else now's own, else the zone's.
            let offset: Int
            if let first = atInstant.min(by: { $0.index < $1.index }) {
                offset = first.at.offsetSeconds
            } else if instant == now.instant {
                offset = now.offsetSeconds
            } else {
                offset = facts.reportingOffset(at: instant)
            }
            checkpoints.append(Checkpoint(time: ReportedTime(instant: instant, offsetSeconds: offset), kind: kind,
                                          eventCount: next, events: atInstant.map(\.index).sorted()))
        }
        self.checkpoints = checkpoints
    }
}
