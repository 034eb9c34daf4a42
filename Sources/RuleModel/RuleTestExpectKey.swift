/// The keys of a rule test's `expect` (docs/guide.md, "Rule tests"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum RuleTestExpectKey: String, RuleKey {
    case unlocks, unlocked, locked, progress, streaks, points, rank, warnings
    case unlockedAt = "unlocked_at"
    case modules, holds, metrics, categories, upcoming, reminders

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
