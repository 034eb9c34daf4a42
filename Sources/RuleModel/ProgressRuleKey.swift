/// The keys of an achievement's `progress` (docs/rules.md, "achievements[]"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum ProgressRuleKey: String, RuleKey {
    case current, target

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
