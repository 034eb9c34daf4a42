import CEL
import Diagnostics
import Evaluation
import Output
import RuleTests
import Rules
import Testing

/// The runner evaluates each test's state, compares, and the report ends with `N passed, M failed`.
@Suite struct RuleTestRunnerTests {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String { "events[2].at: a timestamp needs a UTC offset" }
    }

    static func test(_ name: String, line: Int, expect: RuleTestCase.Expectation) -> RuleTestCase {
        RuleTestCase(name: name, state: .file("state.json"), now: nil, expect: expect,
                     span: SourceSpan(file: "rules/x/tests.yaml", start: .init(line: line, column: 5), end: .init(line: line, column: 9)))
    }

    static func outcome(_ decision: Decision, bindings: [String: CELValue] = [:]) -> ReplayOutcome {
        ReplayOutcome(decision: decision, checkpoints: [], unlocks: [:], bindingsAtNow: bindings)
    }

    @Test func reportListsFailuresWithTheirPlaceThenTheSummary() {
        let runner = RuleTestRunner { test in
            if test.name == "broken state" { throw Unreadable() }
            return Self.outcome(RuleTestComparisonTests.decision)
        }
        let results = runner.run([
            Self.test("passes", line: 3, expect: .init(unlocks: ["first", "task"], points: 75)),
            Self.test("wrong points", line: 9, expect: .init(locked: ["first"], points: 80)),
            Self.test("broken state", line: 15, expect: .init(points: 0)),
        ])
        #expect(results.map(\.passed) == [true, false, false])
        let report = RuleTestReportRenderer().render(results)
        #expect(report == """
            FAIL  rules/x/tests.yaml:9:5: wrong points
                  rules/x/tests.yaml:9:5: locked.first: expected locked, got unlocked
                  rules/x/tests.yaml:9:5: points: expected 80, got 75
            FAIL  rules/x/tests.yaml:15:5: broken state
                  cannot evaluate the state: events[2].at: a timestamp needs a UTC offset
            1 passed, 2 failed

            """)
    }

    @Test func anEmptyRunStillEndsWithTheSummary() {
        #expect(RuleTestReportRenderer().render([]) == "0 passed, 0 failed\n")
    }

    @Test func passedTestsAreListedOnRequest() {
        let runner = RuleTestRunner { _ in Self.outcome(RuleTestComparisonTests.decision) }
        let results = runner.run([Self.test("passes", line: 3, expect: .init(points: 75))])
        #expect(RuleTestReportRenderer(listsPassed: true).render(results)
            == "ok    rules/x/tests.yaml:3:5: passes\n1 passed, 0 failed\n")
    }
}
