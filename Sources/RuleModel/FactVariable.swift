import CEL

/// The variables rule expressions read (docs/facts.md), declared once: the checker declares each
/// with its type here, the facts layer binds each (`FactSnapshot.value(of:)`, an exhaustive
/// switch) and the replay tells them apart by it. `event` and `day` exist only inside a streak's
/// predicates (`FactTypes.Scope`).
package enum FactVariable: String, Sendable, Hashable, CaseIterable {
    case now, user, events, days, today, metrics, streaks, achievements, levels, catalogs, counters

    /// The CEL type expressions see; `metrics` is the record of the rule set's own metrics,
    /// `records` the event and day records (typed by the tracking plan when there is one).
    package func type(metrics: CELRecordType, records: EventRecordTypes = .open) -> CELType {
        switch self {
        case .now: .timestamp
        case .user, .counters: .map(.string, .dyn)
        case .events: .list(.record(records.event))
        case .days: .list(.record(records.day))
        case .today: .record(records.day)
        case .metrics: .record(metrics)
        case .streaks: .map(.string, .record(FactTypes.streak))
        case .achievements: .map(.string, .record(FactTypes.achievement))
        case .levels: .map(.string, .record(FactTypes.level))
        case .catalogs: .map(.string, .record(FactTypes.catalog))
        }
    }
}
