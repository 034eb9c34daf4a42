import Evaluation
import Facts
import Foundation
import Output
import Rules
import Testing
import TestSupport

/// A day fold whose body fails on one day (TaskMate's best focus day reads `e.minutes`, and a
/// focus session lacks it): the written `map` gives that first day's error, and so does the fold,
/// without evaluating every day again at every checkpoint (fuzzing found a 99-year history with a
/// misspelt `minutes` that took minutes). The decision equals the naive replay's, byte for byte.
@Suite struct DayFoldErrorTests {
    static let root = Repository.root

    static func state(failingDay: Int, days: Int) -> String {
        var events: [String] = []
        for day in 0..<days {
            let date = LocalDay(number: LocalDay(year: 2026, month: 1, day: 1)!.number + day).description
            let minutes = day == failingDay ? #""mintues": 90"# : #""minutes": 25"#
            events.append(#"{"type": "focus_session", "at": "\#(date)T21:00:00+08:00", \#(minutes)}"#)
            events.append(#"{"type": "task_completed", "at": "\#(date)T22:00:00+08:00"}"#)
        }
        let now = LocalDay(number: LocalDay(year: 2026, month: 1, day: 1)!.number + days).description
        return #"{"schema": 1, "user": {"id": "owl", "timezone": "Asia/Shanghai"}, "now": "\#(now)T10:00:00+08:00", "events": [\#(events.joined(separator: ", "))]}"#
    }

    @Test("a failing day body gives the first failing day's error, as the naive replay", arguments: [0, 3, 11])
    func failingBodyMatchesTheNaiveReplay(failingDay: Int) throws {
        let rules = try #require(RuleSetLoader.load(paths: [Self.root.appendingPathComponent("rules/taskmate").path]).ruleSet)
        let state = try StateFile.parse(json: Self.state(failingDay: failingDay, days: 12))
        let timeline = try FactTimeline(state: state, rules: rules, now: try #require(state.now))
        let fast = Replay(rules: rules).run(StateFacts(timeline: timeline)).decision
        let naive = NaiveReplay.run(rules: rules, timeline: timeline)
        let renderer = DecisionJSONRenderer()
        #expect(renderer.render(fast) == renderer.render(naive))
        #expect(fast.warnings.contains { $0.code == "rule_error" && $0.message.contains("minutes") },
                "\(fast.warnings.map(\.message))")
    }
}
