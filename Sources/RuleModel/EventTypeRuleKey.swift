/// The keys of an event type in the tracking plan, `events` (docs/rules.md, "events"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum EventTypeRuleKey: String, RuleKey {
    case title, attributes

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
