/// The top-level keys of a rule file (docs/rules.md, "Rule files"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum RuleFileKey: String, RuleKey {
    case schema, calendar, metrics, streaks, achievements, ranks, catalog, tests, categories, reminders, events

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
