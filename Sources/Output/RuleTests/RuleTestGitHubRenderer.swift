import Diagnostics
import RuleTests

/// `rulecheck test --format github`: an `::error` annotation on the line of each expectation that
/// did not hold (on the test's `name` when the state could not be evaluated), then the summary
/// lines of the text report (`lifer: 9 passed, 1 failed`, the total).
package struct RuleTestGitHubRenderer: Renderer {
    package init() {}

    package func render(_ groups: [RuleTestGroup]) -> String {
        var lines: [String] = []
        for group in groups {
            if group.notRun != nil {
                lines.append("::error title=\(DiagnosticGitHubRenderer.escapeProperty("rulecheck test"))::"
                             + DiagnosticGitHubRenderer.escapeData("rule set \(group.name) has errors; its tests did not run"))
            }
            for result in group.results where !result.passed {
                if let problem = result.problem {
                    lines.append(Self.annotation(at: result.span, "\(result.name): cannot evaluate the state: \(problem)"))
                }
                for mismatch in result.mismatches {
                    lines.append(Self.annotation(at: mismatch.span ?? result.span,
                                                 "\(result.name): \(mismatch.subject): expected \(mismatch.expected), "
                                                 + "got \(mismatch.actual)"))
                }
            }
        }
        for group in groups where groups.count > 1 || group.notRun != nil {
            lines.append(group.notRun == nil ? "\(group.name): " + RuleTestReportRenderer.summary(group.results)
                                             : "\(group.name): not run (the rule set has errors)")
        }
        lines.append(RuleTestReportRenderer.summary(groups.flatMap(\.results)))
        return lines.joined(separator: "\n") + "\n"
    }

    static func annotation(at span: SourceSpan, _ message: String) -> String {
        let properties = ["file=\(DiagnosticGitHubRenderer.escapeProperty(span.file))", "line=\(span.start.line)",
                          "col=\(span.start.column)", "title=\(DiagnosticGitHubRenderer.escapeProperty("rule test failed"))"]
        return "::error \(properties.joined(separator: ","))::\(DiagnosticGitHubRenderer.escapeData(message))"
    }
}
