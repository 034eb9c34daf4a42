import RuleTests

extension GitHubStepSummary {
    /// The section of `rulecheck test --format github`: the totals, a row per rule set, then each
    /// failing test (the first `listed`) with what differed, expected against actual.
    package static func ruleTests(_ groups: [RuleTestGroup], listed: Int = 100) -> String {
        let all = groups.flatMap(\.results)
        let failed = all.filter { !$0.passed }
        let notRun = groups.filter { $0.notRun != nil }.count
        let mark = failed.isEmpty && notRun == 0 && !all.isEmpty ? "✅" : "❌"
        var lines = ["### rulecheck test", "", "\(mark) " + RuleTestReportRenderer.summary(all)
                        + (notRun > 0 ? "; \(DiagnosticRenderer.counted(notRun, "rule set")) not run (rule errors)" : "")]
        if !groups.isEmpty {
            lines += ["", "| rule set | passed | failed |", "|---|--:|--:|"]
            for group in groups {
                if group.notRun != nil {
                    lines.append("| \(escaped(group.name)) | not run: the rule set has errors | |")
                } else {
                    lines.append("| \(escaped(group.name)) | \(group.passedCount) | \(group.failedCount) |")
                }
            }
        }
        var failures: [String] = []
        for group in groups {
            for result in group.results where !result.passed {
                failures += failureLines(result, ruleSet: group.name)
            }
        }
        if !failures.isEmpty {
            lines += ["", "#### Failures", ""]
            let shown = failed.prefix(listed).count
            // Each failure starts with a `- ` item; cut after the `listed`-th.
            var items = 0
            for line in failures {
                if line.hasPrefix("- ") { items += 1 }
                if items > shown { break }
                lines.append(line)
            }
            if failed.count > listed { lines.append("- … and \(failed.count - listed) more") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func failureLines(_ result: RuleTestResult, ruleSet: String) -> [String] {
        let place = "\(result.span.file):\(result.span.start.line):\(result.span.start.column)"
        var lines = ["- **\(escaped(ruleSet))**: \(escaped(result.name)) \(code(place))"]
        if let problem = result.problem { lines.append("  - cannot evaluate the state: \(escaped(problem))") }
        for mismatch in result.mismatches {
            lines.append("  - \(code(mismatch.subject)): expected \(code(mismatch.expected)), got \(code(mismatch.actual))")
        }
        return lines
    }
}
