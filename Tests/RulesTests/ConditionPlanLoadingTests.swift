import Diagnostics
import Foundation
import RuleModel
import RulesTestSupport
import Testing
@testable import Rules

/// Conditions checked against the tracking plan, as `validate` reports them: in every place a rule
/// set writes a condition, at the misspelt name's own line and column, with its suggestion; and a
/// rule set without `events` loads as it always did.
@Suite struct ConditionPlanLoadingTests {
    static let plan = """
        schema: 1
        events:
          focus_session:
            attributes: { minutes: int, category: string? }
          task_created:
            attributes: { category: string? }

        """

    struct Expected: CustomStringConvertible, Sendable {
        var code: String
        var line: Int
        var column: Int
        var suggestion: String?
        var description: String { "\(code) \(line):\(column) \(suggestion ?? "-")" }
    }

    static func diagnostics(_ rules: String, plan: String? = plan) throws -> [Diagnostic] {
        var files = ["rules.yaml": rules]
        if let plan { files["events.yaml"] = plan }
        return RuleSetText.result(files).diagnostics
    }

    static let header = "schema: 1\n"

    /// Each place a condition is written; the misspelling is on line 3 or later of `rules.yaml`.
    static let places: [(String, Expected)] = [
        ("metrics:\n  m: events.filter(e, e.type == \"focus_session\").map(e, e.minuets).sum()\n",
         Expected(code: "E313", line: 3, column: 59, suggestion: "minutes")),
        ("achievements:\n  - id: a\n    title: A\n    when: events.exists(e, e.type == \"focus_sesion\")\n",
         Expected(code: "E314", line: 5, column: 38, suggestion: "focus_session")),
        ("achievements:\n  - id: a\n    title: A\n    when: 'today.count[?\"tsk_created\"].orValue(0) > 0'\n",
         Expected(code: "E314", line: 5, column: 25, suggestion: "task_created")),
        ("achievements:\n  - id: a\n    title: A\n    when: events.size() > 3\n    progress:\n      current: events.filter(e, has(e.catgory)).size()\n      target: 3\n",
         Expected(code: "E313", line: 7, column: 39, suggestion: "category")),
        ("streaks:\n  - id: s\n    title: S\n    counts: event.type == \"focus_session\" && event.minuets > 0\n    milestones: [{ days: 3, id: three, title: Three }]\n",
         Expected(code: "E313", line: 5, column: 52, suggestion: "minutes")),
        ("streaks:\n  - id: s\n    title: S\n    day: 'day.count[\"focus_sesion\"] >= 1'\n    milestones: [{ days: 3, id: three, title: Three }]\n",
         Expected(code: "E314", line: 5, column: 21, suggestion: "focus_session")),
        ("reminders:\n  - id: r\n    title: R\n    on: day_expires\n    when: |\n      today.events.exists(e,\n        e.minuets > 5)\n",
         Expected(code: "E313", line: 8, column: 11, suggestion: "minutes")),
        ("achievements:\n  - id: a\n    title: A\n    when: events.exists(e, e.type == \"task_created\" && e.minutes > 5)\n",
         Expected(code: "W436", line: 5, column: 58, suggestion: nil)),
    ]

    @Test(arguments: places)
    func reportsAtTheName(rules: String, expected: Expected) throws {
        let found = try Self.diagnostics(Self.header + rules).filter { $0.code.hasPrefix("E31") || $0.code == "W436" }
        #expect(found.count == 1, "\(found.map(\.message))")
        let diagnostic = try #require(found.first)
        #expect(diagnostic.code == expected.code)
        #expect(diagnostic.span?.start.line == expected.line)
        #expect(diagnostic.span?.start.column == expected.column)
        if let suggestion = expected.suggestion {
            #expect(diagnostic.message.hasSuffix("did you mean '\(suggestion)'?"), "\(diagnostic.message)")
        }
    }

    /// A rule test's `holds` is checked like a `when`.
    @Test func holdsInRuleTests() throws {
        let tests = """
            schema: 1
            tests:
              - name: t
                state: { schema: 1, user: { id: u }, events: [] }
                expect:
                  holds: ['events.all(e, e.type != "focus_sesion")']
            """
        let files: [String: String] = ["events.yaml": Self.plan, "tests.yaml": tests,
                                              "rules.yaml": "schema: 1\nmetrics:\n  m: 1\n"]
        let found = RuleSetText.result(files).diagnostics.filter { $0.code == "E314" }
        #expect(found.count == 1)
        #expect(found.first.map { [$0.span?.start.line, $0.span?.start.column] } == [6, 40])
    }

    /// Without `events` the same conditions load as they always did: no plan, no findings, and an
    /// event's attributes stay `dyn` (a metric over one is `dyn`).
    @Test func withoutPlanNothingChanges() throws {
        let rules = Self.header + """
            metrics:
              m: events.filter(e, e.type == "focus_sesion").map(e, e.minuets).sum()
            achievements:
              - { id: a, title: A, when: 'events.exists(e, e.type == "task_created" && e.minutes + 1.5 > 0)' }
            """
        #expect(try Self.diagnostics(rules, plan: nil).isEmpty)
        let files: [String: String] = ["rules.yaml": rules]
        let ruleSet = try #require(RuleSetText.result(files).ruleSet)
        #expect(ruleSet.eventPlan == nil)
        #expect(ruleSet.metrics.first?.expression.program.resultType == .dyn)
    }
}
