/// The keys of a streak's `freezes` (docs/rules.md, "streaks[]"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum FreezesRuleKey: String, RuleKey {
    case max
    case refillDays = "refill_days"
    case mode

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
