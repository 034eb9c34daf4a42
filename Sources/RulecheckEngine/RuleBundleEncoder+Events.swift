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
        if let at = plan.span { object[RuleBundleField.at] = span(at) }
        object[RuleBundleField.types] = .array(plan.types.filter { $0.span != nil }.map { type in
            var entry = JSONObject([(RuleBundleField.name.rawValue, .string(type.name))])
            if let title = type.title { entry[EventTypeRuleKey.title] = text(title) }
            if let at = type.span { entry[RuleBundleField.at] = span(at) }
            entry[EventTypeRuleKey.attributes] = .array(type.attributes.filter { $0.span != nil }.map { attribute in
                var item = JSONObject([(RuleBundleField.name.rawValue, .string(attribute.name)),
                                       (RuleBundleField.type.rawValue, .string(attribute.written))])
                if let at = attribute.span { item[RuleBundleField.at] = span(at) }
                return .object(item)
            })
            return .object(entry)
        })
        return .object(object)
    }
}
