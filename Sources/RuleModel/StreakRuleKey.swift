/// The keys of a streak in a rule file (docs/rules.md, "streaks[]"), spelled once: the rule
/// decoder allows exactly these, and the editor schema, the compiled bundle and rule diffs name
/// them from here. `history_days` is kept to be refused with its replacement named (E230).
package enum StreakRuleKey: String, RuleKey {
    case id, title, counts, day, freezes
    case backfillDays = "backfill_days"
    case historyDays = "history_days"
    case milestones, meta

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
