import Rules

/// Runs rule tests (SPEC 7.3): evaluates each test's state and compares the decision with what
/// the test expects.
///
/// How a state becomes a decision (reading the file or the inline mapping, building the facts,
/// replaying) is given by the caller, so that the runner stays independent of where states come
/// from; the command line passes the same path as `rulecheck eval`.
public struct RuleTestRunner {
    /// Evaluates one test's state (with its `now` override) against the rule set.
    public typealias Evaluate = (RuleTestCase) throws -> Decision

    let evaluate: Evaluate

    public init(evaluate: @escaping Evaluate) {
        self.evaluate = evaluate
    }

    /// Runs every test in order. A test whose state cannot be evaluated fails with its problem.
    public func run(_ tests: [RuleTestCase]) -> [RuleTestResult] {
        tests.map(run)
    }

    public func run(_ test: RuleTestCase) -> RuleTestResult {
        let decision: Decision
        do {
            decision = try evaluate(test)
        } catch {
            return RuleTestResult(name: test.name, span: test.span, problem: "\(error)")
        }
        return RuleTestResult(name: test.name, span: test.span,
                              mismatches: RuleTestComparison.mismatches(test.expect, decision))
    }
}
