/// The keys of a catalog's module (docs/rules.md, "catalog"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum CatalogModuleRuleKey: String, RuleKey {
    case id, title, meta

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
