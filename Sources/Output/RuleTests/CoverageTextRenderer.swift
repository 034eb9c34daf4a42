import RuleTests

/// The text coverage report of `rulecheck test --coverage` (docs/guide.md, "Test
/// coverage"): `coverage: 87.5% (140 of 160 outcomes)` (with a workspace, a line per rule set
/// first, then the total), then each outcome never seen as `file:line:column: never false: expr`.
package struct CoverageTextRenderer: Renderer {
    package init() {}

    package func render(_ coverages: [RuleSetCoverage]) -> String {
        var lines: [String] = []
        let named = coverages.contains { $0.name != nil }
        if named {
            for coverage in coverages {
                lines.append("\(coverage.name ?? ""): " + CoverageFigure(coverage.report).line)
            }
        }
        lines.append(CoverageFigure(coverages.map { CoverageFigure($0.report) }).line)
        for coverage in coverages {
            for gap in coverage.report.gaps {
                lines.append("\(gap.file):\(gap.position.line):\(gap.position.column): \(gap.kind.rawValue): \(gap.subject)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
