import CEL

/// Per day: the CEL records of its on-time and late events, in order; a day record shows
/// prefixes of them as `events` and `late` (docs/facts.md).
///
/// Filed from the timeline only when a day record is first built, and then only the events
/// added since: most replays read `days` through daily folds alone and build no record, and
/// filing every event by day would cost every state what only a few need.
struct DayEventLists: Sendable {
    private(set) var onTime = DayTable<[CELValue]>()
    private(set) var late = DayTable<[CELValue]>()
    /// How many of the timeline's events are filed.
    private var filed = 0
    /// The appends that copied a day's list (debug builds): a session step must append in place.
    private(set) var copiedAppends = CopiedAppends()

    /// No day's events: for records whose readers read no event list.
    static let unfiled = DayEventLists()

    /// Files the timeline's events not filed yet.
    mutating func file(from timeline: FactTimeline) {
        guard filed < timeline.events.count else { return }
        for index in filed..<timeline.events.count {
            let placed = timeline.events[index]
            if placed.onTime {
                copiedAppends.append(timeline.eventValues[index], to: &onTime[placed.day, default: []])
            } else {
                copiedAppends.append(timeline.eventValues[index], to: &late[placed.day, default: []])
            }
        }
        filed = timeline.events.count
    }
}
