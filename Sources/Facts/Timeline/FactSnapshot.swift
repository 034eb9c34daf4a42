import CEL
import RuleModel

/// The facts at one moment (docs/facts.md), as CEL values ready to bind, plus the same facts typed
/// for the decision (streak states, module progress, warnings). `metrics` are computed by the
/// evaluation layer from these.
package struct FactSnapshot: Sendable {
    package var now: Moment
    package var today: LocalDay
    /// Whether today's kill moment has passed.
    package var todayDecided: Bool
    /// How many events (in processing order) the facts include.
    package var eventCount: Int

    package var user: CELValue
    package var events: CELValue
    package var days: CELValue
    /// The `today` record.
    package var todayValue: CELValue
    package var streaks: CELValue
    package var levels: CELValue
    package var catalogs: CELValue
    package var counters: CELValue
    package var achievements: CELValue

    var streakIDs: [String]
    var streakStateList: [StreakState]

    /// Streak states in rule order.
    package var streakStates: [(id: String, state: StreakState)] {
        zip(streakIDs, streakStateList).map { (id: $0.0, state: $0.1) }
    }
    /// The user's levels by catalog ordinal (see `CatalogIndex.levels`).
    package var levelProgress: [LevelProgress?]
    /// The rule set's catalogs (for module progress and `new_levels`).
    package var catalogIndex: CatalogIndex
    /// Warnings so far in unsorted groups (sorting is left until someone asks).
    var warningParts: [[FactWarning]]

    /// Warnings so far, ordered by event index (others last), then code and message.
    package var warnings: [FactWarning] { Self.ordered(warningParts) }

    /// Warnings in groups, ordered by event index (others last), then code and message.
    static func ordered(_ parts: [[FactWarning]]) -> [FactWarning] {
        parts.joined().sorted {
            ($0.event ?? Int.max, $0.code.rawValue, $0.message) < ($1.event ?? Int.max, $1.code.rawValue, $1.message)
        }
    }

    /// An empty `achievements` map.
    package static let noAchievements: CELValue = .map(CELMap(strings: []))

    /// The `achievements` value (docs/facts.md): per id `unlocked`, and `unlocked_at` when unlocked.
    package static func achievementsValue(_ entries: [(id: String, unlockedAt: Moment?)]) -> CELValue {
        .map(CELMap(strings: entries.map { entry in
            (key: entry.id, value: achievementRecord(unlockedAt: entry.unlockedAt?.instant))
        }))
    }

    /// One `achievements.ID` record: `unlocked`, and `unlocked_at` when it is.
    package static func achievementRecord(unlockedAt: CELTimestamp?) -> CELValue {
        FactTypes.achievementRecord.record { field in
            switch field {
            case .unlocked: .bool(unlockedAt != nil)
            case .unlockedAt: unlockedAt.map { .timestamp($0) }
            }
        }
    }

    /// The value of a variable (docs/facts.md); `metrics` is `null`: the evaluation layer computes it.
    package func value(of variable: FactVariable) -> CELValue {
        switch variable {
        case .now: .timestamp(now.instant)
        case .user: user
        case .events: events
        case .days: days
        case .today: todayValue
        case .metrics: .null
        case .streaks: streaks
        case .achievements: achievements
        case .levels: levels
        case .catalogs: catalogs
        case .counters: counters
        }
    }

    /// Every variable except `metrics`, which the caller adds (and `event`/`day`, which only a
    /// streak's predicates see).
    package var variables: [String: CELValue] {
        var bindings: [String: CELValue] = [:]
        for variable in FactVariable.allCases where variable != .metrics {
            bindings[variable.rawValue] = value(of: variable)
        }
        return bindings
    }

    /// `variables` plus `metrics`.
    package func activation(metrics: CELValue) -> CELActivation {
        var bindings = variables
        bindings["metrics"] = metrics
        return CELActivation(bindings)
    }

    /// The state of the streak with this id.
    package func streak(_ id: String) -> StreakState? {
        streakIDs.firstIndex(of: id).map { streakStateList[$0] }
    }

    /// Done / total of a module (docs/rules.md, "achievements[]").
    package func moduleProgress(_ criterion: ModuleCriterion) -> ModuleProgress {
        catalogIndex.progress(criterion, levels: levelProgress)
    }

    /// The user's progress on one level, if they touched it.
    package func level(_ id: String) -> LevelProgress? {
        guard let ordinal = catalogIndex.ordinal(of: id), ordinal < levelProgress.count else { return nil }
        return levelProgress[ordinal]
    }
}
