/// The keys of an achievement's `available` window (docs/rules.md, "achievements[]"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum AvailableRuleKey: String, RuleKey {
    case from, until

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
