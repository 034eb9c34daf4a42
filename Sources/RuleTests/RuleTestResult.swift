import Diagnostics

/// The verdict of one rule test.
public struct RuleTestResult: Sendable, Hashable {
    public var name: String
    /// Where the test is written.
    public var span: SourceSpan
    /// Every expectation that did not hold, in the order the expectation lists them.
    public var mismatches: [RuleTestMismatch]
    /// Why the test could not run at all (its state file is missing or invalid).
    public var problem: String?

    public init(name: String, span: SourceSpan, mismatches: [RuleTestMismatch] = [], problem: String? = nil) {
        self.name = name
        self.span = span
        self.mismatches = mismatches
        self.problem = problem
    }

    public var passed: Bool { mismatches.isEmpty && problem == nil }
}
