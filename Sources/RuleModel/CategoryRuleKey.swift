/// The keys of a category (docs/rules.md, "categories[]"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum CategoryRuleKey: String, RuleKey {
    case id, title, description, icon, meta

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
