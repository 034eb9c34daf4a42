import CEL
import RuleModel

extension RequestContext {
    /// The rule set's metrics with their types: checked ones from the last rule set without
    /// errors, the others (new, or not checked yet) as `dyn`.
    var metricTypes: [(name: String, type: CELType)] {
        let checked = state.lastGood?.metrics ?? []
        var known = Dictionary(checked.map { ($0.id, $0.expression.program.resultType) }, uniquingKeysWith: { a, _ in a })
        var result: [(name: String, type: CELType)] = []
        for symbol in index.ids(of: .metric) {
            result.append((symbol.id, known.removeValue(forKey: symbol.id) ?? .dyn))
        }
        return result
    }

    /// The checker's environment of an expression written in `scope`.
    func environment(_ scope: FactTypes.Scope) -> CELEnvironment {
        FactTypes.environment(scope: scope, metrics: FactTypes.metricsRecord(metricTypes))
    }

    /// The tracking plan of the rule set, when it has one.
    var eventPlan: EventPlan? { state.lastGood?.eventPlan }

    /// A type as rule authors read it.
    static func typeName(_ type: CELType) -> String {
        switch type {
        case .timestamp: "timestamp"
        case .duration: "duration"
        case .list(let element): "list(\(typeName(element)))"
        case .map(let key, let value): "map(\(typeName(key)), \(typeName(value)))"
        case .record(let record):
            switch record.name {
            case FactTypes.event.name: "event"
            case FactTypes.day.name: "day"
            case FactTypes.streak.name: "streak"
            case FactTypes.achievement.name: "achievement"
            case FactTypes.level.name: "level"
            case FactTypes.catalog.name: "catalog"
            case "rulecheck.Metrics": "metrics"
            default: record.name
            }
        default: type.description
        }
    }

    /// `name(parameters) -> result` of one overload; a method's receiver is written before it.
    static func signature(_ name: String, _ overload: CELOverload) -> String {
        var parameters = overload.parameters.map(typeName)
        var head = name
        if overload.isInstance, !parameters.isEmpty { head = parameters.removeFirst() + "." + name }
        return "\(head)(\(parameters.joined(separator: ", "))) -> \(typeName(overload.result))"
    }

    /// Functions a rule author calls by name: not operators (`_+_`) or internal ones.
    static func isCallable(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        return first.properties.isAlphabetic && !name.hasPrefix("@")
    }

    /// What each variable of the facts is (docs/facts.md).
    static let variableMeanings: [String: String] = [
        "now": "the moment being judged", "user": "the state's user mapping",
        "events": "every event up to now, in time order", "days": "every local day from the first event's day to today",
        "today": "the current local day", "metrics": "the rule set's metrics by name",
        "streaks": "each streak's standing by id", "achievements": "each award's standing by id",
        "levels": "each catalog level's progress by id", "catalogs": "each catalog by id",
        "counters": "the state's counters mapping", "event": "the event being counted (a streak's `counts`)",
        "day": "the day being judged (a streak's `day`)",
    ]

    /// The macros, written as calls.
    static let macros: [(name: String, signature: String, onList: Bool)] = [
        ("has", "has(x.field) -> bool", false), ("all", "list.all(x, predicate) -> bool", true),
        ("exists", "list.exists(x, predicate) -> bool", true), ("exists_one", "list.exists_one(x, predicate) -> bool", true),
        ("map", "list.map(x, expression) -> list", true), ("filter", "list.filter(x, predicate) -> list", true),
    ]
}
