import CEL
import RuleModel

/// The facts at one moment (docs/facts.md), as CEL values ready to bind, plus the same facts typed
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

    /// The `achievements` value (docs/facts.md): per id `unlocked`, and `unlocked_at` when unlocked.
    public static func achievementsValue(_ entries: [(id: String, unlockedAt: Moment?)]) -> CELValue {
        .map(CELMap(strings: entries.map { entry in
            (key: entry.id, value: achievementRecord(unlockedAt: entry.unlockedAt?.instant))
        }))
    }

    /// One `achievements.ID` record: `unlocked`, and `unlocked_at` when it is.
    public static func achievementRecord(unlockedAt: CELTimestamp?) -> CELValue {
        FactTypes.achievementRecord.record { field in
            switch field {
            case .unlocked: .bool(unlockedAt != nil)
            case .unlockedAt: unlockedAt.map { .timestamp($0) }
            }
        }
    }

    /// The value of a variable (docs/facts.md); `metrics` is `null`: the evaluation layer computes it.
    public func value(of variable: FactVariable) -> CELValue {
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
    public var variables: [String: CELValue] {
        var bindings: [String: CELValue] = [:]
        for variable in FactVariable.allCases where variable != .metrics {
            bindings[variable.rawValue] = value(of: variable)
        }
        return bindings
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

    /// Done / total of a module (docs/rules.md, "achievements[]").
    public func moduleProgress(catalog: String, module: String, difficulty: String?) -> ModuleProgress {
        catalogIndex.progress(catalog: catalog, module: module, difficulty: difficulty, levels: levelProgress)
    }

    /// The user's progress on one level, if they touched it.
    public func level(_ id: String) -> LevelProgress? {
        guard let ordinal = catalogIndex.ordinal(of: id), ordinal < levelProgress.count else { return nil }
        return levelProgress[ordinal]
    }
}
