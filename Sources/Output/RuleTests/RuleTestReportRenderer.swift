import Evaluation
import RuleTests

/// The report of `rulecheck test` (docs/guide.md, "4. Rule tests"): each failing test with where it is written and what
/// differed, expected against actual; then the summary line `N passed, M failed`.
package struct RuleTestReportRenderer: Renderer {
    /// Also list the tests that passed.
    package var listsPassed: Bool

    package init(listsPassed: Bool = false) {
        self.listsPassed = listsPassed
    }

    package func render(_ results: [RuleTestResult]) -> String {
        (lines(results) + [Self.summary(results)]).joined(separator: "\n") + "\n"
    }

    /// One rule set of a workspace: its failures (and passes when listed), then
    /// `name: N passed, M failed`; the caller ends the report with the total `summary`.
    package func render(_ results: [RuleTestResult], ruleSet name: String) -> String {
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
            // Each failed expectation names its own place, so an editor can jump to it.
            for mismatch in result.mismatches {
                let at = mismatch.span.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
                lines.append("      \(at)\(mismatch.subject): expected \(mismatch.expected), got \(mismatch.actual)")
            }
        }
        return lines
    }

    /// `N passed, M failed`.
    package static func summary(_ results: [RuleTestResult]) -> String {
        let passed = results.filter(\.passed).count
        return "\(passed) passed, \(results.count - passed) failed"
    }
}
