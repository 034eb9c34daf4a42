/// The keys of a catalog's level (docs/rules.md, "catalog"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum CatalogLevelRuleKey: String, RuleKey {
    case id, module, title, asset, difficulties, counts, release, meta

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
