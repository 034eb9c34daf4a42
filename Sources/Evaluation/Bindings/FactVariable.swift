/// The variables that rule expressions read (SPEC 3), as far as the replay needs to tell them apart.
public enum FactVariable: String, Sendable, Hashable, CaseIterable {
    case now, user, events, days, today, metrics, streaks, achievements, levels, catalogs, counters
}
