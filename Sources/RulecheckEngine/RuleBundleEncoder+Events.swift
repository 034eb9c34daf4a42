import JSON
import RuleModel

/// The tracking plan in the bundle (docs/engine.md, "The compiled rule format"): an `events`
/// object after `reminders`, written only when the rule set has a plan, so that the bundle of a
/// rule set without one is what it was. It holds the types the rule files declare (the reserved
/// types are every engine's own): `{at, types: [{name, title?, at, attributes: [{name, type, at}]}]}`,
/// a listed reserved type with only the app's own attributes.
extension RuleBundleEncoder {
    mutating func events(_ plan: EventPlan) -> JSONValue {
        var object = JSONObject()
        if let at = plan.span { object["at"] = span(at) }
        object["types"] = .array(plan.types.filter { $0.span != nil }.map { type in
            var entry = JSONObject([("name", .string(type.name))])
            if let title = type.title { entry["title"] = text(title) }
            if let at = type.span { entry["at"] = span(at) }
            entry["attributes"] = .array(type.attributes.filter { $0.span != nil }.map { attribute in
                var item = JSONObject([("name", .string(attribute.name)), ("type", .string(attribute.written))])
                if let at = attribute.span { item["at"] = span(at) }
                return .object(item)
            })
            return .object(entry)
        })
        return .object(object)
    }
}
