import CEL
import Evaluation
import Facts
import Foundation
import Output
import Rules
import RulesTestSupport
import Testing

/// `rulecheck explain` labels every sub-expression with its source text: each label must be the
/// CEL the author wrote for that part, parentheses included (`(events.size() + 1) * 2`, not
/// `events.size() + 1) * 2`).
@Suite struct ExplainLabelTests {
    static func explainLines(when condition: String) throws -> [String] {
        let ruleSet = try RuleSetText.load("schema: 1\nachievements:\n  - id: a\n    title: A\n    when: '\(condition)'\n")
        let state = try StateFile.parse(json: """
            {"schema": 1, "user": {"id": "u"}, "events": [
              {"type": "x", "at": "2026-03-01T10:00:00Z", "minutes": 3},
              {"type": "x", "at": "2026-03-02T10:00:00Z", "minutes": 4}
            ]}
            """, file: "state.json")
        guard case .success(let now) = Moment.parse("2026-03-03T10:00:00Z") else { return [] }
        let facts = try StateFacts(state: state, rules: ruleSet, now: now)
        let outcome = Replay(rules: ruleSet).run(facts)
        let explanation = try #require(ExplanationBuilder(rules: ruleSet, outcome: outcome, events: facts.events).explain("a"))
        return ExplanationTextRenderer().render(explanation).split(separator: "\n").map(String.init)
    }

    @Test(arguments: [
        ("(events.size() + 1) * 2 > 2", ["(events.size() + 1) * 2  → 6", "events.size() + 1", "events.size()"]),
        ("-(events.size() - 5) >= 3", ["-(events.size() - 5)  → 3", "events.size() - 5"]),
        ("!(events.size() > 5) && (events.size() * 2) == 4", ["!(events.size() > 5)", "(events.size() * 2) == 4"]),
        ("(events.map(e, e.minutes)).sum() >= 7", ["(events.map(e, e.minutes)).sum()  → 7"]),
    ] as [(String, [String])])
    func labelsAreTheWrittenSubExpressions(condition: String, labels: [String]) throws {
        let lines = try Self.explainLines(when: condition)
        for label in labels {
            #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) },
                    "no line starts with '\(label)' in:\n\(lines.joined(separator: "\n"))")
        }
        // No label has more closing than opening parentheses.
        for line in lines where line.contains("→") {
            let label = line.split(separator: "→")[0]
            #expect(label.filter { $0 == "(" }.count == label.filter { $0 == ")" }.count, "\(line)")
        }
    }
}
