import CEL
import Evaluation
import Facts
import Foundation
import Rules
import RulesTestSupport
import Testing

/// No silent rule errors (docs/warnings.md, `rule_error` and `cost_limit`): one warning per award
/// locked at `now` whose condition or progress fails, and per streak whose predicate fails for
/// some event or day, naming the CEL message, the metric it came from and where it is written.
@Suite struct RuleErrorTests {
    func warnings() throws -> [String: EvaluationWarning] {
        let decision = try ScenarioFixture("rule_errors").evaluate().decision
        let errors = decision.warnings.filter { $0.code == "rule_error" }
        #expect(errors.count == Set(errors.compactMap(\.id)).count, "one warning per rule")
        return Dictionary(errors.map { ($0.id ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    }

    @Test("each failing rule is named with the CEL message, its origin and position", arguments: [
        ("from_metric", ["no such key: 'minutes' at ", "rules.yaml:3:63 (events[", "a 'focus', has 'type', 'at'", "metric 'focus_minutes'",
                         "rules.yaml:19:11", "rules.yaml:3:18"]),
        // The key's own place, after the condition's, and what the map has instead.
        ("missing_key", ["no such key: 'tier' at ", "rules.yaml:22:16 (the map has 'id')", "rules.yaml:22:11"]),
        ("bad_progress", ["progress current", "no such key: 'note'", "metric 'notes_today'", "rules.yaml:26:26"]),
        ("by_event", ["counts", "events[2]", "no such key: 'kind'", "rules.yaml:9:13"]),
        ("by_day", ["day 2026-01-02", "no such key: 'task'", "rules.yaml:12:10"]),
    ])
    func failingRuleIsReported(id: String, parts: [String]) throws {
        let warning = try #require(try warnings()[id], "no rule_error for \(id)")
        for part in parts { #expect(warning.message.contains(part), "\(warning.message) lacks \(part)") }
    }

    @Test func rulesThatHoldOrAreUnlockedAreNotReported() throws {
        let reported = try warnings()
        #expect(reported["healthy"] == nil)
        // Unlocked at the first event; its condition fails at `now`, which no longer matters.
        #expect(reported["fine_but_failing_later"] == nil)
        #expect(reported.count == 5)
    }

    @Test func theCountsErrorPointsAtItsEvent() throws {
        #expect(try warnings()["by_event"]?.event == 2)
    }

    /// The hostile input of the hardening issue: a condition that hits the cost limit at every
    /// checkpoint of 3,000 events. The replay's budget stops it after a few such evaluations.
    @Test("events.all(a, events.all(b, events.exists(x, a.at < x.at))) over 3,000 events stops at the step budget")
    func aStepBudgetPerStateStopsAConditionThatIsCostlyAtEveryCheckpoint() throws {
        let rules = try RuleSetText.load("""
            schema: 1
            achievements:
              - id: cubic
                title: Cubic in the events
                when: events.all(a, events.all(b, events.exists(x, a.at < x.at)))
              - id: first
                title: Cheap, judged before the budget is spent
                when: size(events) >= 1
            """)
        let events = (0..<3_000).map { i in
            #"{"type": "x", "at": "\#(Moment(instant: CELTimestamp(seconds: 1_767_225_600 + Int64(i) * 60), offsetSeconds: 0))"}"#
        }
        let state = try StateFile.parse(json: #"{"schema": 1, "user": {"id": "u"}, "now": "2026-03-01T00:00:00Z", "events": ["#
                                        + events.joined(separator: ",") + "]}")
        let now = try #require(state.now)
        let replay = Replay(rules: rules, costLimit: 100_000)
        let decision = replay.run(try StateFacts(state: state, rules: rules, now: now)).decision
        #expect(decision.unlocks.map(\.id) == ["first"])
        let limited = decision.warnings.filter { $0.code == "cost_limit" }
        #expect(limited.map(\.id) == ["cubic"])
        #expect(limited.first?.message.contains("went over its budget of") == true)
        #expect(replay.stepBudget(checkpoints: 30, days: 3) == 10 * 100_000 + (1_000 + 300) * 30)
        #expect(replay.stepBudget(checkpoints: 30_000, days: 3) == 100 * 100_000)
    }

    /// A threshold past Int64's range is a valid rule: its derived progress target is held to
    /// the range instead of trapping when it is turned into an int.
    @Test("a derived progress target past Int64's range does not trap", arguments: [
        ("size(events) >= 9223372036854775800", Int64.max),
        ("size(events) > 9223372036854775807", Int64.max),
        ("size(events) >= 18446744073709551615u", Int64.max),
        ("size(events) >= 3", 3),
    ])
    func aHugeThresholdIsHeldToTheIntRange(when: String, target: Int64) throws {
        let rules = try RuleSetText.load("""
            schema: 1
            achievements:
              - id: huge
                title: Huge
                when: \(when)
            """)
        let state = try StateFile.parse(json: #"{"schema": 1, "user": {"id": "u"}, "now": "2026-03-01T00:00:00Z", "events": [{"type": "x", "at": "2026-02-01T00:00:00Z"}]}"#)
        let now = try #require(state.now)
        let decision = Replay(rules: rules).run(try StateFacts(state: state, rules: rules, now: now)).decision
        let standing = try #require(decision.achievements.first { $0.id == "huge" })
        #expect(standing.progress.target == .int(target))
        #expect(standing.progress.current == .int(1))
    }

    @Test func anEvaluationReportsTheStepsItTook() throws {
        let rules = try RuleSetText.load("schema: 1\nmetrics:\n  n: events.filter(e, e.type == \"x\").size()\n")
        let program = try #require(rules.metrics.first?.expression.program)
        func steps(_ count: Int) -> Int {
            let list = CELValue.list(CELList((0..<count).map { _ in .map(CELMap(strings: [("type", .string("x"))])) }))
            var used = 0
            _ = program.evaluate(CELActivation(["events": list]), costLimit: 1_000_000, steps: &used)
            return used
        }
        #expect(steps(10) > 0)
        #expect(steps(100) > steps(10))
        var used = 0
        _ = program.evaluate(CELActivation(["events": .list(CELList([]))]), costLimit: 1, steps: &used)
        #expect(used <= 1)
    }
}
