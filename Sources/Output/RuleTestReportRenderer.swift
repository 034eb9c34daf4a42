import Evaluation

/// The report of `rulecheck test` (SPEC 7.3): each failing test with where it is written and what
/// differed, expected against actual; then the summary line `N passed, M failed`.
public struct RuleTestReportRenderer: Sendable {
    /// Also list the tests that passed.
    public var listsPassed: Bool

    public init(listsPassed: Bool = false) {
        self.listsPassed = listsPassed
    }

    public func render(_ results: [RuleTestResult]) -> String {
        (lines(results) + [Self.summary(results)]).joined(separator: "\n") + "\n"
    }

    /// One rule set of a workspace: its failures (and passes when listed), then
    /// `name: N passed, M failed`; the caller ends the report with the total `summary`.
    public func render(_ results: [RuleTestResult], ruleSet name: String) -> String {
        (lines(results) + ["\(name): " + Self.summary(results)]).joined(separator: "\n") + "\n"
    }

    func lines(_ results: [RuleTestResult]) -> [String] {
        var lines: [String] = []
        for result in results {
            let place = "\(result.span.file):\(result.span.start.line):\(result.span.start.column)"
            if result.passed {
                if listsPassed { lines.append("ok    \(place): \(result.name)") }
                continue
            }
            lines.append("FAIL  \(place): \(result.name)")
            if let problem = result.problem {
                lines.append("      cannot evaluate the state: \(problem)")
            }
            let width = result.mismatches.map(\.subject.count).max() ?? 0
            for mismatch in result.mismatches {
                let subject = mismatch.subject + String(repeating: " ", count: max(0, width - mismatch.subject.count))
                lines.append("      \(subject)  expected \(mismatch.expected), got \(mismatch.actual)")
            }
        }
        return lines
    }

    /// `N passed, M failed`.
    public static func summary(_ results: [RuleTestResult]) -> String {
        let passed = results.filter(\.passed).count
        return "\(passed) passed, \(results.count - passed) failed"
    }
}
