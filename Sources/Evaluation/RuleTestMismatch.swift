/// One thing a rule test expected that the evaluation did not give (SPEC 7.3).
public struct RuleTestMismatch: Sendable, Hashable {
    /// What differed, as a path into the expectation: `unlocks`, `points`,
    /// `progress.focus_10_hours.current`, `streaks.daily_use.status`.
    public var subject: String
    public var expected: String
    public var actual: String

    public init(subject: String, expected: String, actual: String) {
        self.subject = subject
        self.expected = expected
        self.actual = actual
    }
}
