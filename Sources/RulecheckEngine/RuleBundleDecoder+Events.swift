import JSON
import RuleModel

/// The tracking plan in the bundle: the `events` object `RuleBundleEncoder.events` writes,
/// checked as the YAML loader checks a plan (type names, attribute types, no attribute named
/// `type`, `at` or a computed name, no reserved type's own attribute again). A bundle without
/// the key has no plan.
extension RuleBundleDecoder {
    func eventPlan(_ node: BundleNode?) throws(RuleBundleError) -> EventPlan? {
        guard let node else { return nil }
        let span = try node.optional(RuleBundleField.at).map { (at) throws(RuleBundleError) in try self.span(at) }
        var names: Set<String> = []
        let declared = try node.field(RuleBundleField.types).map { (entry) throws(RuleBundleError) in
            let nameNode = try entry.field(RuleBundleField.name)
            let name = try nameNode.string()
            guard EventPlan.isTypeName(name) else { throw nameNode.error("event type '\(name)' must match [a-z][a-z0-9_]*") }
            guard names.insert(name).inserted else { throw nameNode.error("event type '\(name)' is declared twice") }
            let reserved = EventPlan.reserved.first { $0.name == name }
            var attributeNames: Set<String> = []
            let attributes = try entry.field(EventTypeRuleKey.attributes).map { (item) throws(RuleBundleError) in
                let attributeNode = try item.field(RuleBundleField.name)
                let attributeName = try attributeNode.string()
                guard !EventPlan.fixedNames.contains(attributeName), reserved?.attribute(named: attributeName) == nil,
                      attributeNames.insert(attributeName).inserted else {
                    throw attributeNode.error("'\(attributeName)' cannot be declared as an attribute of event type '\(name)'")
                }
                let typeNode = try item.field(RuleBundleField.type)
                let at = try item.optional(RuleBundleField.at).map { (at) throws(RuleBundleError) in try self.span(at) }
                guard let attribute = EventPlan.Attribute(name: attributeName, written: try typeNode.string(), span: at) else {
                    throw typeNode.error("'\(try typeNode.string())' is not an attribute type (int, double, number, string, bool, timestamp, list or map, with an optional '?')")
                }
                return attribute
            }
            return EventPlan.EventType(
                name: name, title: try entry.optional(EventTypeRuleKey.title).map { (title) throws(RuleBundleError) in try text(title) },
                attributes: attributes, span: try self.span(entry.field(RuleBundleField.at)))
        }
        return EventPlan(declaring: declared, span: span)
    }
}
