/// The keys of a streak's milestone (docs/rules.md, "streaks[]"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum MilestoneRuleKey: String, RuleKey {
    case days, id, title, description, category, rarity, icon, points, hidden, repeatable, meta

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
