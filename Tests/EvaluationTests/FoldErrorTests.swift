import Evaluation
import Facts
import Foundation
import Output
import RuleModel
import Rules
import Testing

/// Folds whose bodies fail carry the error instead of sending the replay back to the expression
/// as written (issue 11: a misspelled field in one focus session made TaskMate's best-day metric
/// iterate every day of an 80-year history at every checkpoint). The decision, warnings included,
/// is the one the written evaluation gives.
@Suite struct FoldErrorTests {
    /// TaskMate's rules; one task in 1946, the rest in 2025–26, the first focus session with
    /// `minuths` instead of `minutes`. The expected decision is the one the replay gave before
    /// folds carried errors (then in seconds).
    @Test func misspelledMinutesSince1946() throws {
        let fixture = try ScenarioFixture("misspelled_minutes_since_1946")
        let root = ExplainProductTests.root
        let loaded = RuleSetLoader.load(paths: [(root as NSString).appendingPathComponent("rules/taskmate")])
        let rules = try #require(loaded.ruleSet)
        let state = try fixture.state()
        let outcome = Replay(rules: rules).run(try StateFacts(state: state, rules: rules, now: try #require(state.now)))
        let decision = outcome.decision

        #expect(decision.unlocks.map(\.id) == ["task_first_create", "focus_first_session"])
        let errors = decision.warnings.filter { $0.code == "rule_error" }
        #expect(errors.compactMap(\.id) == ["focus_10_hours", "focus_50_hours", "special_8_hour_day"])
        // TaskMate's tracking plan requires `minutes`: the state breaks it once, and is decided as written.
        #expect(decision.warnings.filter { $0.code == "event_not_in_plan" }.count == 1)
        #expect(decision.warnings.count == errors.count + 1)
        let special = try #require(errors.last)
        #expect(special.message.replacingOccurrences(of: root + "/", with: "") == "'special_8_hour_day': its condition at rules/taskmate/achievements.yaml:157:11 fails: "
            + "no such key: 'minutes' (events[3], a 'focus_session', has 'type', 'at', 'minuths'); "
            + "it comes from metric 'most_focus_minutes_in_a_day' at rules/taskmate/metrics.yaml:14:32")

        // The whole decision, byte for byte (file names as given on the command line).
        let rendered = DecisionJSONRenderer().render(decision).replacingOccurrences(of: root + "/", with: "")
        let expected = try String(contentsOf: fixture.folder.appendingPathComponent("decision.json"), encoding: .utf8)
        #expect(rendered.trimmingCharacters(in: .newlines) == expected.trimmingCharacters(in: .newlines))
    }
}
