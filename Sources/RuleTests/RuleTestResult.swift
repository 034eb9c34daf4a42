import Diagnostics

/// The verdict of one rule test.
package struct RuleTestResult: Sendable, Hashable {
    package var name: String
    /// Where the test is written.
    package var span: SourceSpan
    /// Every expectation that did not hold, in the order the expectation lists them.
    package var mismatches: [RuleTestMismatch]
    /// Why the test could not run at all (its state file is missing or invalid).
    package var problem: String?

    package init(name: String, span: SourceSpan, mismatches: [RuleTestMismatch] = [], problem: String? = nil) {
        self.name = name
        self.span = span
        self.mismatches = mismatches
        self.problem = problem
    }

    package var passed: Bool { mismatches.isEmpty && problem == nil }
}
