import CEL

/// The facts at one moment (SPEC 3), as CEL values ready to bind, plus the same facts typed
/// for the decision (streak states, module progress, warnings). `metrics` are computed by the
/// evaluation layer from these.
public struct FactSnapshot: Sendable {
    public var now: Moment
    public var today: LocalDay
    /// Whether today's kill moment has passed.
    public var todayDecided: Bool
    /// How many events (in processing order) the facts include.
    public var eventCount: Int

    public var user: CELValue
    public var events: CELValue
    public var days: CELValue
    /// The `today` record.
    public var todayValue: CELValue
    public var streaks: CELValue
    public var levels: CELValue
    public var catalogs: CELValue
    public var counters: CELValue
    public var achievements: CELValue

    var streakIDs: [String]
    var streakStateList: [StreakState]

    /// Streak states in rule order.
    public var streakStates: [(id: String, state: StreakState)] {
        zip(streakIDs, streakStateList).map { (id: $0.0, state: $0.1) }
    }
    /// The user's levels by catalog ordinal (see `CatalogIndex.levels`).
    public var levelProgress: [LevelProgress?]
    /// The rule set's catalogs (for module progress and `new_levels`).
    public var catalogIndex: CatalogIndex
    /// Warnings so far in unsorted groups (sorting is left until someone asks).
    var warningParts: [[FactWarning]]

    /// Warnings so far, ordered by event index (others last), then code and message.
    public var warnings: [FactWarning] {
        warningParts.joined().sorted {
            ($0.event ?? Int.max, $0.code.rawValue, $0.message) < ($1.event ?? Int.max, $1.code.rawValue, $1.message)
        }
    }

    /// An empty `achievements` map.
    public static let noAchievements: CELValue = .map(CELMap(strings: []))

    /// The `achievements` value (SPEC 3): per id `unlocked`, and `unlocked_at` when unlocked.
    public static func achievementsValue(_ entries: [(id: String, unlockedAt: Moment?)]) -> CELValue {
        .map(CELMap(strings: entries.map { entry in
            var fields: [(key: String, value: CELValue)] = [("unlocked", .bool(entry.unlockedAt != nil))]
            if let at = entry.unlockedAt { fields.append(("unlocked_at", .timestamp(at.instant))) }
            return (key: entry.id, value: .map(CELMap(strings: fields)))
        }))
    }

    /// Every variable of SPEC 3 except `event`/`day` (streak predicates) and `metrics`, which
    /// the caller adds.
    public var variables: [String: CELValue] {
        ["now": .timestamp(now.instant), "user": user, "events": events, "days": days, "today": todayValue,
         "streaks": streaks, "levels": levels, "catalogs": catalogs, "counters": counters,
         "achievements": achievements]
    }

    /// `variables` plus `metrics`.
    public func activation(metrics: CELValue) -> CELActivation {
        var bindings = variables
        bindings["metrics"] = metrics
        return CELActivation(bindings)
    }

    /// The state of the streak with this id.
    public func streak(_ id: String) -> StreakState? {
        streakIDs.firstIndex(of: id).map { streakStateList[$0] }
    }

    /// Done / total of a module (SPEC 2.6).
    public func moduleProgress(catalog: String, module: String, difficulty: String?) -> ModuleProgress {
        catalogIndex.progress(catalog: catalog, module: module, difficulty: difficulty, levels: levelProgress)
    }

    /// The user's progress on one level, if they touched it.
    public func level(_ id: String) -> LevelProgress? {
        guard let ordinal = catalogIndex.ordinal(of: id), ordinal < levelProgress.count else { return nil }
        return levelProgress[ordinal]
    }
}
