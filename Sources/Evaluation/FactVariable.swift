/// The variables that rule expressions read (SPEC 3), as far as the replay needs to tell them apart.
public enum FactVariable: String, Sendable, Hashable, CaseIterable {
    case now, user, events, days, today, metrics, streaks, achievements, levels, catalogs, counters

    /// Variables whose value can change at a checkpoint without any new event: they follow the
    /// clock (a day expires, a streak's today becomes missed).
    var followsClock: Bool {
        switch self {
        case .now, .days, .today, .streaks: true
        default: false
        }
    }
}
