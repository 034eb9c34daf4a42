import JSON
import RuleModel

extension RuleFileSchema {
    /// The words an attribute's type may be, each also with a trailing `?` (optional).
    static var attributeTypes: [String] {
        let kinds = EventPlan.AttributeKind.allCases.map(\.rawValue)
        return kinds + kinds.map { $0 + "?" }
    }

    /// `events`, the tracking plan (docs/rules.md, "events").
    static var events: JSONValue {
        .object(JSONObject([
            ("type", .array([.string("object"), .string("null")])),
            ("description", .string("The tracking plan: the app's event types ([a-z][a-z0-9_]*) and their attributes.")),
            ("propertyNames", .object(JSONObject([("pattern", .string(idPattern))]))),
            ("additionalProperties", .object(JSONObject([
                ("anyOf", .array([ref("eventType", "An event type."), nullValue("An event type without attributes of its own.")])),
            ]))),
        ]))
    }

    /// One type of the plan.
    static var eventType: JSONValue {
        let attributeNames = JSONObject([("not", .object(JSONObject([
            ("enum", .array(EventPlan.fixedNames.map { .string($0) })),
        ])))])
        let attributes = JSONObject([
            ("type", .array([.string("object"), .string("null")])),
            ("description", .string("Attribute name → type; not type, at or a name rulecheck computes for every event.")),
            ("propertyNames", .object(attributeNames)),
            ("additionalProperties", string("int, double, number, string, bool, timestamp, list or map; a trailing ? for optional.",
                                            oneOf: attributeTypes)),
        ])
        return .object(object("An event type of the plan: its title and attributes.", [
            (EventTypeRuleKey.title.rawValue, ref("text", "What the event is, for people (a string or per locale).")),
            (EventTypeRuleKey.attributes.rawValue, .object(attributes)),
        ]))
    }

    static func nullValue(_ description: String) -> JSONValue {
        .object(JSONObject([("type", .string("null")), ("description", .string(description))]))
    }
}
