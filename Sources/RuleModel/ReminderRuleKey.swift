/// The keys of a reminder, `at` and `setting` of daily reminders included (docs/rules.md, "reminders[]"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum ReminderRuleKey: String, RuleKey {
    case id, title, on, streak, before, when, meta, at, setting

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
