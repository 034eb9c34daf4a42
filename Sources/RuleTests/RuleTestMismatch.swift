import Diagnostics

/// One thing a rule test expected that the evaluation did not give (docs/guide.md, "Rule tests").
package struct RuleTestMismatch: Sendable, Hashable {
    /// What differed, as a path into the expectation: `unlocks`, `points`,
    /// `progress.focus_10_hours.current`, `streaks.daily_use.status`, `holds[0]`.
    package var subject: String
    package var expected: String
    package var actual: String
    /// Where the expectation that failed is written in the tests file (`nil` when it is not
    /// written there: an unexpected `rule_error` is placed at the test).
    package var span: SourceSpan?

    package init(subject: String, expected: String, actual: String, span: SourceSpan? = nil) {
        self.subject = subject
        self.expected = expected
        self.actual = actual
        self.span = span
    }
}
