/// The keys of an achievement's `complete_module` criterion (docs/rules.md, "achievements[]"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum CompleteModuleRuleKey: String, RuleKey {
    case catalog, module, difficulty, release, levels

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
