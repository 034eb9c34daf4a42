/// The keys of `calendar` (docs/rules.md, "calendar"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum CalendarRuleKey: String, RuleKey {
    case timezone
    case dayStarts = "day_starts"
    case killTime = "kill_time"
    case late

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
