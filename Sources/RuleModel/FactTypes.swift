import CEL

/// The facts rule expressions are checked against and evaluated on (docs/facts.md), declared once:
/// the variables (`FactVariable`) and the fields of each record kind. The checker's types and the
/// records the facts layer builds both come from here; `FactSchemaTests` holds them together.
package enum FactTypes {
    /// An event: computed fields plus every attribute of the state file (open record, so other
    /// attributes are `dyn`).
    package enum EventField: String, FactField {
        case type, at, day, hour, minute, weekday, week, late
        package var celType: CELType {
            switch self {
            case .type, .day, .week: .string
            case .at: .timestamp
            case .hour, .minute, .weekday: .int
            case .late: .bool
            }
        }
    }

    /// A local day of the history (`days`, `today`, a streak's `day`).
    package enum DayField: String, FactField {
        case date, weekday, week, events, late, count, planned
        case killTime = "kill_time", status
        case expiredCount = "expired_count"
        package var celType: CELType {
            switch self {
            case .date, .week, .status: .string
            case .weekday, .planned, .expiredCount: .int
            case .events, .late: .list(.record(FactTypes.event))
            case .count: .map(.string, .int)
            case .killTime: .dyn
            }
        }
    }

    /// `streaks.ID`.
    package enum StreakField: String, FactField {
        case current, longest
        case totalDays = "total_days", status
        case freezesAvailable = "freezes_available"
        case lastDay = "last_day"
        package var celType: CELType {
            switch self {
            case .current, .longest, .totalDays, .freezesAvailable: .int
            case .status: .string
            case .lastDay: .dyn
            }
        }
    }

    /// `achievements.ID`.
    package enum AchievementField: String, FactField {
        case unlocked
        case unlockedAt = "unlocked_at"
        package var celType: CELType { self == .unlocked ? .bool : .timestamp }
        package var isOptional: Bool { self == .unlockedAt }
    }

    /// `levels.ID`: what the user did with a catalog level.
    package enum LevelField: String, FactField {
        case completed
        case completedAt = "completed_at"
        case bestTime = "best_time"
        case bestMoves = "best_moves"
        case difficulties
        package var celType: CELType {
            switch self {
            case .completed: .bool
            case .completedAt: .timestamp
            case .bestTime: .double
            case .bestMoves: .int
            case .difficulties: .list(.string)
            }
        }
        package var isOptional: Bool { self == .completedAt || self == .bestTime || self == .bestMoves }
    }

    /// `catalogs.ID`: a level catalog of the rule set (its levels and modules are maps, since
    /// their `meta` is free app data).
    package enum CatalogField: String, FactField {
        case id, version, levels, modules
        package var celType: CELType {
            switch self {
            case .id: .string
            case .version: .int
            case .levels, .modules: .list(.map(.string, .dyn))
            }
        }
    }

    package static let eventRecord = FactRecord<EventField>(name: "rulecheck.Event", isOpen: true)
    package static let dayRecord = FactRecord<DayField>(name: "rulecheck.Day")
    package static let streakRecord = FactRecord<StreakField>(name: "rulecheck.Streak")
    package static let achievementRecord = FactRecord<AchievementField>(name: "rulecheck.Achievement")
    package static let levelRecord = FactRecord<LevelField>(name: "rulecheck.Level")
    package static let catalogRecord = FactRecord<CatalogField>(name: "rulecheck.Catalog")

    package static var event: CELRecordType { eventRecord.type }
    package static var day: CELRecordType { dayRecord.type }
    package static var streak: CELRecordType { streakRecord.type }
    package static var achievement: CELRecordType { achievementRecord.type }
    package static var level: CELRecordType { levelRecord.type }
    package static var catalog: CELRecordType { catalogRecord.type }

    /// Where an expression is written decides which variables it sees.
    package enum Scope: Sendable {
        /// Metrics, `when`, `progress`.
        case rule
        /// A streak's `counts`: also `event`.
        case streakCounts
        /// A streak's `day`: also `day`.
        case streakDay

        /// The variable this scope adds to `FactVariable`'s, with its type (the event and day
        /// records of the rule set, typed by its plan when it has one).
        package func predicateVariable(records: EventRecordTypes) -> (name: String, type: CELType)? {
            switch self {
            case .rule: nil
            case .streakCounts: ("event", .record(records.event))
            case .streakDay: ("day", .record(records.day))
            }
        }
    }

    /// The record of metrics by name. It is open so that an unknown metric reaches the rule
    /// layer, which names it with a suggestion (E302) instead of a generic field error.
    package static func metricsRecord(_ metrics: [(name: String, type: CELType)]) -> CELRecordType {
        CELRecordType(name: "rulecheck.Metrics", fields: metrics, isOpen: true)
    }

    /// The environment for one scope, with the metrics known so far and the event and day
    /// records (`EventRecordTypes.open` without a tracking plan).
    package static func environment(scope: Scope, metrics: CELRecordType,
                                    records: EventRecordTypes = .open) -> CELEnvironment {
        var env = CELEnvironment()
        for variable in FactVariable.allCases {
            env.declare(variable: variable.rawValue, type: variable.type(metrics: metrics, records: records))
        }
        if let extra = scope.predicateVariable(records: records) { env.declare(variable: extra.name, type: extra.type) }
        return env
    }
}
