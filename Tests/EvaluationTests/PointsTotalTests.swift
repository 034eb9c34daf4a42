import Evaluation
import Facts
import Foundation
import Rules
import RulesTestSupport
import Testing

/// Totals of points use checked arithmetic (docs/bad-input.md): the rule files bound each award's
/// points, and a library caller that builds a `RuleSet` by hand cannot make the total trap.
@Suite struct PointsTotalTests {
    static let rules = """
        schema: 1
        achievements:
          - { id: huge_a, title: Huge A, points: 1000, when: "true" }
          - { id: huge_b, title: Huge B, points: 1000, when: "true" }
        """

    @Test func pointsInt64MaxOnTwoUnlockedAchievementsSaturates() throws {
        var rules = try RuleSetText.load(Self.rules)
        for index in rules.achievements.indices { rules.achievements[index].info.points = Int.max }
        let state = try StateFile.parse(json: #"{"schema": 1, "user": {"id": "u"}, "events": []}"#)
        let now = try Moment.parse("2026-01-05T10:00:00Z").get()
        let evaluation = try UserEvaluation(rules: rules, state: state, now: now)
        #expect(evaluation.decision.unlocks.count == 2)
        #expect(evaluation.decision.points == Int.max)
    }
}
