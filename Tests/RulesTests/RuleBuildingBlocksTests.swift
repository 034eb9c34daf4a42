import RuleModel
import Testing
@testable import Rules

@Suite struct RuleBuildingBlocksTests {
    @Test(arguments: [
        ("a", true), ("focus_10_hours", true), ("a1_b2", true),
        ("", false), ("1a", false), ("_a", false), ("Focus", false), ("a-b", false), ("a b", false), ("é", false),
    ])
    func idSyntax(id: String, valid: Bool) {
        #expect(RuleSetChecker.isValidID(id) == valid)
    }

    @Test(arguments: [("Focus-10", "focus_10"), ("10_days", "x_10_days"), ("专注", "x___")])
    func suggestedIDsAreValid(id: String, suggestion: String) {
        #expect(RuleSetChecker.suggestedID(for: id) == suggestion)
        #expect(RuleSetChecker.isValidID(suggestion))
    }

    @Test(arguments: [
        ("metrics.a + metrics.b", ["a", "b"]),
        ("metrics [ \"c\" ] * 2", ["c"]),
        ("'metrics.x' + \"metrics.y\"", [String]()),
        ("e.metrics.z + metrics . w", ["w"]),
        ("events.map(e, metrics.a).size()", ["a"]),
        ("\"a\\\"metrics.q\" + metrics.r", ["r"]),
    ])
    func metricReferencesAreFoundOutsideStrings(source: String, expected: [String]) {
        #expect(MetricReferenceScanner.references(in: source) == expected)
    }

    @Test func cyclesAreNamedOnceStartingAtTheFirstDeclared() {
        var graph = DependencyGraph()
        graph.add("x", uses: ["b"])
        graph.add("a", uses: ["b", "outside"])
        graph.add("b", uses: ["c"])
        graph.add("c", uses: ["a"])
        graph.add("s", uses: ["s"])
        graph.add("free", uses: [])
        #expect(graph.cycles() == [["a", "b", "c", "a"], ["s", "s"]])
    }

    @Test func dependencyOrderPutsUsesFirst() {
        var graph = DependencyGraph()
        graph.add("total", uses: ["focus", "tasks"])
        graph.add("focus", uses: [])
        graph.add("ratio", uses: ["total"])
        graph.add("tasks", uses: ["focus"])
        #expect(graph.dependencyOrder() == ["focus", "tasks", "total", "ratio"])
        #expect(graph.cycles().isEmpty)
    }

    @Test(arguments: [("00:00", 0), ("04:30", 270), ("23:59", 1439)])
    func localTimes(text: String, minutes: Int) {
        #expect(LocalTime(text)?.minutes == minutes)
        #expect(LocalTime(text)?.description == text)
    }

    @Test(arguments: ["24:00", "4:00", "04:60", "0400", "04:00:00", "ab:cd", "", "-1:00", "０４:００"])
    func invalidLocalTimes(text: String) {
        #expect(LocalTime(text) == nil)
    }
}
