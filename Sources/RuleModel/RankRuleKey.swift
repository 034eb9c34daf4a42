/// The keys of a rank (docs/rules.md, "ranks[]"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum RankRuleKey: String, RuleKey {
    case id, title
    case minPoints = "min_points"

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
