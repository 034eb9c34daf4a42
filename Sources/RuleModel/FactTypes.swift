import CEL

/// The CEL declarations of the facts (SPEC 3) that rule expressions are checked against.
/// Records are values of `CELValue.map` at run time; the facts layer builds them.
public enum FactTypes {
    /// An event: computed fields plus every attribute of the state file (open record, so other
    /// attributes are `dyn`).
    public static let event = CELRecordType(name: "rulecheck.Event", fields: [
        ("type", .string), ("at", .timestamp), ("day", .string), ("hour", .int), ("minute", .int),
        ("weekday", .int), ("week", .string), ("late", .bool),
    ], isOpen: true)

    public static let day = CELRecordType(name: "rulecheck.Day", fields: [
        ("date", .string), ("weekday", .int), ("week", .string), ("events", .list(.record(event))), ("late", .list(.record(event))),
        ("count", .map(.string, .int)), ("planned", .int), ("kill_time", .dyn), ("status", .string),
        ("expired_count", .int),
    ])

    public static let streak = CELRecordType(name: "rulecheck.Streak", fields: [
        ("current", .int), ("longest", .int), ("total_days", .int), ("status", .string),
        ("freezes_available", .int), ("last_day", .dyn),
    ])

    public static let achievement = CELRecordType(name: "rulecheck.Achievement", fields: [
        ("unlocked", .bool), ("unlocked_at", .timestamp),
    ])

    public static let level = CELRecordType(name: "rulecheck.Level", fields: [
        ("completed", .bool), ("completed_at", .timestamp), ("best_time", .double), ("best_moves", .int),
        ("difficulties", .list(.string)),
    ])

    public static let catalog = CELRecordType(name: "rulecheck.Catalog", fields: [
        ("version", .int), ("levels", .list(.map(.string, .dyn))), ("modules", .list(.map(.string, .dyn))),
    ])

    /// Where an expression is written decides which variables it sees.
    public enum Scope: Sendable {
        /// Metrics, `when`, `progress`.
        case rule
        /// A streak's `counts`: also `event`.
        case streakCounts
        /// A streak's `day`: also `day`.
        case streakDay
    }

    /// The record of metrics by name. It is open so that an unknown metric reaches the rule
    /// layer, which names it with a suggestion (E302) instead of a generic field error.
    public static func metricsRecord(_ metrics: [(name: String, type: CELType)]) -> CELRecordType {
        CELRecordType(name: "rulecheck.Metrics", fields: metrics, isOpen: true)
    }

    /// The environment for one scope, with the metrics known so far.
    public static func environment(scope: Scope, metrics: CELRecordType) -> CELEnvironment {
        var env = CELEnvironment()
        env.declare(variable: "now", type: .timestamp)
        env.declare(variable: "user", type: .map(.string, .dyn))
        env.declare(variable: "events", type: .list(.record(event)))
        env.declare(variable: "days", type: .list(.record(day)))
        env.declare(variable: "today", type: .record(day))
        env.declare(variable: "metrics", type: .record(metrics))
        env.declare(variable: "streaks", type: .map(.string, .record(streak)))
        env.declare(variable: "achievements", type: .map(.string, .record(achievement)))
        env.declare(variable: "levels", type: .map(.string, .record(level)))
        env.declare(variable: "catalogs", type: .map(.string, .record(catalog)))
        env.declare(variable: "counters", type: .map(.string, .dyn))
        switch scope {
        case .rule: break
        case .streakCounts: env.declare(variable: "event", type: .record(event))
        case .streakDay: env.declare(variable: "day", type: .record(day))
        }
        return env
    }
}
