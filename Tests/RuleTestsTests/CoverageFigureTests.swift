import RuleTests
import Testing

/// `CoverageFigure`: the printed percentage is rounded down to a tenth (never shows a passing
/// figure for a failing one); `--coverage-min` compares exactly; nothing to cover is 100 %.
@Suite struct CoverageFigureTests {
    @Test(arguments: [
        (140, 160, "coverage: 87.5% (140 of 160 outcomes)"),
        (2, 3, "coverage: 66.6% (2 of 3 outcomes)"),
        (899, 1000, "coverage: 89.9% (899 of 1000 outcomes)"),
        (8999, 10000, "coverage: 89.9% (8999 of 10000 outcomes)"),
        (4, 4, "coverage: 100.0% (4 of 4 outcomes)"),
        (0, 7, "coverage: 0.0% (0 of 7 outcomes)"),
        (0, 0, "coverage: 100.0% (0 of 0 outcomes)"),
    ])
    func printsTheLine(seen: Int, total: Int, line: String) {
        #expect(CoverageFigure(seen: seen, total: total).line == line)
    }

    @Test(arguments: [
        (25, 34, 73.5, false), (25, 34, 73.53, true), (9, 10, 90.0, false), (8999, 10000, 90.0, true),
        (0, 0, 100.0, false), (0, 5, 0.0, false),
    ])
    func judgesTheMinimumExactly(seen: Int, total: Int, minimum: Double, below: Bool) {
        #expect(CoverageFigure(seen: seen, total: total).isBelow(minimum) == below)
    }

    @Test func sumsRuleSets() {
        let total = CoverageFigure([CoverageFigure(seen: 25, total: 34), CoverageFigure(seen: 4, total: 4)])
        #expect(total == CoverageFigure(seen: 29, total: 38))
    }
}
