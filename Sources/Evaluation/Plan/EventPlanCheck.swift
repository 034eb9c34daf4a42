import Diagnostics
import Facts
import JSON
import RuleModel

/// A state's events checked against the rule set's tracking plan (docs/state-file.md, "Events and
/// the tracking plan"): an event whose type the plan lacks, an attribute of the wrong type, a
/// required attribute missing. Each (type, problem) is one `event_not_in_plan` warning with the
/// count of such events and the JSON path of the first; the events are decided as written.
///
/// One pass over the events; per event a type lookup (the last type first) and, for each
/// attribute the plan declares, a search among the event's few keys.
package struct EventPlanCheck: Sendable {
    /// One problem an event can have.
    enum Problem: Hashable, Comparable {
        case unknownType
        case missing(attribute: Int)
        case wrongType(attribute: Int)
    }

    /// What the check reads of one type: the attributes to check (a reserved type's own are
    /// checked by the state file's decoder already).
    struct CheckedType: Sendable {
        var name: String
        var attributes: [EventPlan.Attribute]
    }

    let types: [CheckedType]
    private let typeIndex: [String: Int]
    private let typeNames: [String]

    package init(plan: EventPlan) {
        types = plan.types.map { type in
            let reserved = EventPlan.reserved.first { $0.name == type.name }
            let own = type.attributes.filter { reserved?.attribute(named: $0.name) == nil }
            return CheckedType(name: type.name, attributes: own)
        }
        var index: [String: Int] = [:]
        for (position, type) in types.enumerated() { index[type.name] = position }
        typeIndex = index
        typeNames = plan.typeNames
    }

    /// The warnings of `events` (any order; paths name each event's `index`), ordered by their
    /// first event.
    package func warnings(_ events: [StateEvent]) -> [EvaluationWarning] {
        var tally = Tally()
        var last: (type: String, index: Int?)? = nil
        // By index: an event taken out of the array is a copy of all its parts.
        for index in events.indices {
            let found: Int?
            if let last, last.type == events[index].type {
                found = last.index
            } else {
                found = typeIndex[events[index].type]
                last = (events[index].type, found)
            }
            let event = (type: events[index].type, index: events[index].index)
            guard let found else {
                tally.note(.unknownType, type: event.type, typeIndex: -1, event: event.index, value: nil)
                continue
            }
            let attributes = types[found].attributes
            if attributes.isEmpty { continue }
            // An event has a few attributes: a search among its keys costs less than any cache.
            let keys = events[index].attributes.keys
            for slot in attributes.indices {
                let attribute = attributes[slot]
                guard let position = keys.firstIndex(of: attribute.name) else {
                    if !attribute.optional { tally.note(.missing(attribute: slot), type: event.type, typeIndex: found, event: event.index, value: nil) }
                    continue
                }
                let value = events[index].attributes.values[position]
                if !Self.accepts(value, attribute) {
                    tally.note(.wrongType(attribute: slot), type: event.type, typeIndex: found, event: event.index, value: value)
                }
            }
        }
        return tally.entries.map { warning($0.key, $0.value) }
            .sorted { $0.first != $1.first ? $0.first < $1.first : $0.order < $1.order }
            .map(\.warning)
    }

    /// Whether `value` is of the attribute's declared type: `double` takes a whole number too,
    /// `number` either, `timestamp` an RFC 3339 string with an offset, `?` null.
    static func accepts(_ value: JSONValue, _ attribute: EventPlan.Attribute) -> Bool {
        switch value {
        case .null: return attribute.optional
        case .bool: return attribute.kind == .bool
        case .int, .double, .literal:
            switch attribute.kind {
            case .int: return value.wholeNumberValue != nil
            case .double, .number: return value.numberValue != nil
            default: return false
            }
        case .string(let text):
            switch attribute.kind {
            case .string: return true
            case .timestamp: if case .success = Moment.parse(text) { return true } else { return false }
            default: return false
            }
        case .array: return attribute.kind == .list
        case .object: return attribute.kind == .map
        }
    }

    /// How people name a JSON value's kind in a message.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .literal: value.wholeNumberValue != nil ? "a whole number" : "a number"
        case .double: value.wholeNumberValue != nil ? "a whole number" : "a number with a fraction"
        case .string: "a string"
        case .array: "a list"
        case .object: "a map"
        }
    }

    private func warning(_ key: Tally.Key, _ seen: Tally.Seen) -> (first: Int, order: Problem, warning: EvaluationWarning) {
        let events = seen.count == 1 ? "1 event" : "\(seen.count) events"
        let typed = "\(seen.count) '\(key.type)' " + (seen.count == 1 ? "event" : "events")
        var path = JSONPath() / "events" / seen.first
        let message: String
        switch key.problem {
        case .unknownType:
            path = path / "type"
            let suggestion = Suggestion.closest(to: key.type, in: typeNames)
            message = "\(events) of type '\(key.type)', which the tracking plan does not have"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .missing(let slot):
            let attribute = types[key.typeIndex].attributes[slot]
            path = path / attribute.name
            message = "\(typed) without '\(attribute.name)', which the tracking plan requires (\(Self.article(attribute.kind)))"
        case .wrongType(let slot):
            let attribute = types[key.typeIndex].attributes[slot]
            path = path / attribute.name
            message = "\(typed) whose '\(attribute.name)' is not \(Self.article(attribute.kind)), as the tracking plan declares it"
                + (seen.firstValue.map { " (the first is \(Self.describe($0)))" } ?? "")
        }
        return (seen.first, key.problem, EvaluationWarning(code: Self.code, message: message, event: seen.first,
                                                            path: path.description, count: seen.count))
    }

    /// `an int`, `a string`, … as the plan's word for a kind reads in a sentence.
    static func article(_ kind: EventPlan.AttributeKind) -> String {
        kind == .int ? "an int" : "a \(kind.rawValue)"
    }

    /// The warning's code (docs/warnings.md).
    package static let code = "event_not_in_plan"

    /// The problems found so far: per (type, problem), the count and the first event.
    private struct Tally {
        struct Key: Hashable {
            var type: String
            var typeIndex: Int
            var problem: Problem
        }
        struct Seen {
            var count: Int
            var first: Int
            var firstValue: JSONValue?
        }
        var entries: [Key: Seen] = [:]

        mutating func note(_ problem: Problem, type: String, typeIndex: Int, event: Int, value: JSONValue?) {
            let key = Key(type: type, typeIndex: typeIndex, problem: problem)
            if var seen = entries[key] {
                seen.count += 1
                if event < seen.first { (seen.first, seen.firstValue) = (event, value) }
                entries[key] = seen
            } else {
                entries[key] = Seen(count: 1, first: event, firstValue: value)
            }
        }
    }
}
