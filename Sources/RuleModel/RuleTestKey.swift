/// The keys of a rule test (docs/guide.md, "Rule tests"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum RuleTestKey: String, RuleKey {
    case name, state, now
    case badEvents = "bad_events"
    case expect

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
