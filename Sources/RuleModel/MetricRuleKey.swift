/// The keys of a metric written as a mapping, `{expr, show}` (docs/rules.md, "metrics"), spelled once: the rule
/// decoder allows exactly these, in this order, and the agreement test holds the editor schema to them.
package enum MetricRuleKey: String, RuleKey {
    case expr, show

    /// Every key as written, in declaration order.
    package static let names = allCases.map(\.rawValue)
}
