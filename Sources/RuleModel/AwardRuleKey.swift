/// The keys an achievement and a streak's milestone share (docs/rules.md, "achievements[]"): what
/// an award shows and pays. Both `AchievementRuleKey` and `MilestoneRuleKey` list each of them (the
/// agreement test checks it); the decoder reads an award's presentation through these.
package enum AwardRuleKey: String, RuleKey {
    case id, title, description, category, rarity, icon, points, hidden, repeatable, meta

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
