/// Outcomes seen of all outcomes, as `rulecheck test --coverage` prints and judges it.
package struct CoverageFigure: Sendable, Hashable {
    package var seen: Int
    package var total: Int

    package init(seen: Int, total: Int) {
        self.seen = seen
        self.total = total
    }

    package init(_ report: CoverageReport) {
        self.init(seen: report.seen, total: report.total)
    }

    /// The sum of several figures (a workspace's rule sets).
    package init(_ figures: [CoverageFigure]) {
        self.init(seen: figures.reduce(0) { $0 + $1.seen }, total: figures.reduce(0) { $0 + $1.total })
    }

    /// Tenths of a percent, rounded down, so a figure printed as 90.0 is never below 90 %;
    /// nothing to cover is 100 %.
    package var tenths: Int { total == 0 ? 1000 : seen * 1000 / total }

    /// `87.5`.
    package var percentText: String { "\(tenths / 10).\(tenths % 10)" }

    /// `coverage: 87.5% (140 of 160 outcomes)`.
    package var line: String { "coverage: \(percentText)% (\(seen) of \(total) outcomes)" }

    /// Whether the figure is below `percent` % (compared exactly, not as printed).
    package func isBelow(_ percent: Double) -> Bool {
        total > 0 && Double(seen) * 100 < percent * Double(total)
    }
}
