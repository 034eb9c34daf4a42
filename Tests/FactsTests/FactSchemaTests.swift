import CEL
import RuleModel
import Testing
@testable import Facts

/// The fact schema is declared once (`FactVariable`, `FactTypes`' field enums); the checker's types
/// come from it, and these tests hold the records the facts layer builds to it: every declared
/// field present (an optional one may be absent), no undeclared one (an event's attributes aside),
/// every value of its declared type.
///
/// Adding a field (say `quarter` on days) is one case in `FactTypes.DayField` with its type, plus
/// its value in `DayLedger.record(of:now:timeline:)`, whose exhaustive switch does not compile
/// until it is given. The checker sees it at once; these tests check the value's type.
struct FactSchemaTests {
    static let rules = """
    schema: 1
    calendar:
      kill_time: "23:00"
    streaks:
      - id: daily
        title: Daily
        counts: event.type == "task_completed"
    """
    static let catalog = """
    schema: 1
    catalog:
      id: puzzle
      version: 2
      modules: [{ id: m, title: M, meta: { colour: red } }]
      levels:
        - { id: a, module: m, title: A, difficulties: [easy, hard], asset: a.png }
        - { id: b, module: m, title: B, release: 2 }
    """

    /// Facts with every kind of record: events with attributes, late events, plans, a streak,
    /// completed levels with and without times, a catalog.
    static func snapshot() throws -> FactSnapshot {
        let state = try state([
            #"{"type": "task_completed", "at": "2026-01-05T09:00:00+08:00", "task": "t1", "minutes": 25}"#,
            #"{"type": "day_planned", "at": "2026-01-06T08:00:00+08:00", "tasks": 3}"#,
            #"{"type": "task_completed", "at": "2026-01-06T23:30:00+08:00"}"#,
            #"{"type": "level_completed", "at": "2026-01-06T10:00:00+08:00", "level": "a", "difficulty": "easy", "time": 31.5, "moves": 12}"#,
        ], now: "2026-01-07T12:00:00+08:00", extra: #", "levels": {"b": {"difficulties": ["easy"]}}"#)
        let timeline = try FactTimeline(state: state, rules: try ruleSet(rules, catalog), now: moment("2026-01-07T12:00:00+08:00"))
        let achievements = FactSnapshot.achievementsValue([
            (id: "first", unlockedAt: moment("2026-01-05T09:00:00+08:00")), (id: "later", unlockedAt: nil),
        ])
        return timeline.facts(at: timeline.now, achievements: achievements)
    }

    /// The fields a record kind may leave out, by its CEL name.
    static let optionalFields: [String: Set<String>] = [
        FactTypes.event.name: optional(FactTypes.EventField.self), FactTypes.day.name: optional(FactTypes.DayField.self),
        FactTypes.streak.name: optional(FactTypes.StreakField.self),
        FactTypes.achievement.name: optional(FactTypes.AchievementField.self),
        FactTypes.level.name: optional(FactTypes.LevelField.self), FactTypes.catalog.name: optional(FactTypes.CatalogField.self),
    ]

    static func optional<Field: FactField>(_: Field.Type) -> Set<String> {
        Set(Field.allCases.filter(\.isOptional).map(\.rawValue))
    }

    /// Where `value` departs from `type`, as `path: problem` lines (empty when it conforms).
    static func problems(_ value: CELValue, _ type: CELType, at path: String) -> [String] {
        switch (type, value) {
        case (.dyn, _), (.bool, .bool), (.int, .int), (.double, .double), (.string, .string), (.timestamp, .timestamp):
            return []
        case (.list(let element), .list(let list)):
            return list.enumerated().flatMap { problems($0.element, element, at: "\(path)[\($0.offset)]") }
        case (.map(.string, let element), .map(let map)):
            return map.entries.flatMap { entry -> [String] in
                guard case .string(let key) = entry.key else { return ["\(path): key \(entry.key) is not a string"] }
                return problems(entry.value, element, at: "\(path).\(key)")
            }
        case (.record(let record), .map(let map)):
            return recordProblems(map, record, at: path)
        default:
            return ["\(path): \(value) is not a \(type)"]
        }
    }

    static func recordProblems(_ map: CELMap, _ record: CELRecordType, at path: String) -> [String] {
        var keys: [String: CELValue] = [:]
        for entry in map.entries { if case .string(let key) = entry.key { keys[key] = entry.value } }
        var found: [String] = []
        for field in record.fields {
            if let value = keys[field.name] {
                found += problems(value, field.type, at: "\(path).\(field.name)")
            } else if !(optionalFields[record.name] ?? []).contains(field.name) {
                found.append("\(path): declared field '\(field.name)' is missing")
            }
        }
        if !record.isOpen {
            for key in keys.keys.sorted() where record.fieldType(key) == nil {
                found.append("\(path): field '\(key)' is not declared in \(record.name)")
            }
        }
        return found
    }

    @Test(arguments: FactVariable.allCases.filter { $0 != .metrics })
    func everyVariableHasItsDeclaredType(variable: FactVariable) throws {
        let value = try Self.snapshot().value(of: variable)
        let type = variable.type(metrics: FactTypes.metricsRecord([]))
        #expect(Self.problems(value, type, at: variable.rawValue) == [])
    }

    @Test func theSnapshotHoldsEveryKindOfRecord() throws {
        let snapshot = try Self.snapshot()
        #expect(evaluate("events.exists(e, e.late) && events[0].minutes == 25", in: snapshot) == "true")
        #expect(evaluate("[size(days), today.planned, streaks.daily.current]", in: snapshot) == "[3, 0, 0]")
        #expect(evaluate("[has(levels.a.best_time), has(levels.b.best_time), catalogs.puzzle.id]", in: snapshot)
                == #"[true, false, "puzzle"]"#)
        #expect(evaluate("[has(achievements.first.unlocked_at), has(achievements.later.unlocked_at)]", in: snapshot)
                == "[true, false]")
        #expect(Set(snapshot.variables.keys) == Set(FactVariable.allCases.map(\.rawValue)).subtracting(["metrics"]))
    }

    @Test func theStreakRecordOfEveryStatusConforms() {
        for status in [StreakState.Status.active, .frozen, .atRisk, .broken, .none] {
            let record = StreakState(current: 2, longest: 3, totalDays: 4, status: status, freezesAvailable: 1,
                                     lastDay: status == .none ? nil : day("2026-01-05")).celValue
            #expect(Self.problems(record, .record(FactTypes.streak), at: "streak") == [])
        }
    }

    /// The check itself tells a missing field, an undeclared one and a wrong type.
    @Test func aRecordOffTheSchemaIsFound() {
        let wrong = CELValue.map(CELMap(strings: [("unlocked", .int(1)), ("unlock_at", .null)]))
        #expect(Self.problems(wrong, .record(FactTypes.achievement), at: "a") == [
            "a.unlocked: 1 is not a bool", "a: field 'unlock_at' is not declared in rulecheck.Achievement",
        ])
        let missing = CELValue.map(CELMap(strings: [("current", .int(1))]))
        #expect(Self.problems(missing, .record(FactTypes.streak), at: "s").contains("s: declared field 'longest' is missing"))
    }

    @Test func theCheckerDeclaresEveryVariableOnce() {
        let environment = FactTypes.environment(scope: .streakCounts, metrics: FactTypes.metricsRecord([]))
        for variable in FactVariable.allCases {
            guard case .success = environment.compile(variable.rawValue) else {
                Issue.record("\(variable.rawValue) is not declared"); continue
            }
        }
        guard case .success = environment.compile("event.type") else { Issue.record("event"); return }
        guard case .failure = FactTypes.environment(scope: .rule, metrics: FactTypes.metricsRecord([])).compile("event")
        else { Issue.record("event outside a streak's counts"); return }
    }
}
