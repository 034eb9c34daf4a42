/// The keys of an achievement (docs/rules.md, "achievements[]"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum AchievementRuleKey: String, RuleKey {
    case id, title, description, category, rarity, icon, points, hidden, when
    case completeModule = "complete_module"
    case progress, requires, available, repeatable, meta

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
