/// The keys of `catalog` (docs/rules.md, "catalog"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum CatalogRuleKey: String, RuleKey {
    case id, version, modules, levels

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
