import Diagnostics
import RuleTests
import Rules

/// The rule tests of one tests file run on the checked rule set: each failure as a diagnostic
/// at the expectation that failed (else at its test case), for the editor to show on save.
enum RuleTestFailures {
    /// The code of a failing rule test: not one of `validate`'s, which never runs tests.
    static let code = "test"

    static func diagnostics(file: String, result: RuleSetLoadResult) -> [Diagnostic] {
        guard let rules = result.ruleSet else { return [] }
        let tests = result.tests.filter { $0.span.file == file }
        guard !tests.isEmpty else { return [] }
        var found: [Diagnostic] = []
        for outcome in RuleTestRunner.replaying(rules).run(tests) where !outcome.passed {
            if let problem = outcome.problem {
                found.append(.error(code, "test '\(outcome.name)' cannot run: \(problem)", at: outcome.span))
            }
            for mismatch in outcome.mismatches {
                found.append(.error(code, "test '\(outcome.name)' failed: \(mismatch.subject): expected \(mismatch.expected), got \(mismatch.actual)",
                                    at: mismatch.span ?? outcome.span))
            }
        }
        return found.sorted(by: Diagnostic.reportOrder)
    }
}
