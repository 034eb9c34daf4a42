import Evaluation
import Facts
import Foundation
import RuleModel
import Testing

/// Daily reminders (docs/rules.md, "Daily reminders"): the moments on today and tomorrow after
/// `now`, the user's own time through `setting`, and `when` judged at each moment on the facts
/// there with no further event.
@Suite struct DailyReminderDecisionTests {
    static func decide(_ rules: String, _ state: String) throws -> Decision {
        let rules = try UpcomingPropertyTests.load(["r.yaml": "schema: 1\n" + rules], seed: 9100)
        let state = try StateFile.parse(json: state)
        let timeline = try FactTimeline(state: state, rules: rules, now: try #require(state.now))
        return Replay(rules: rules).run(StateFacts(timeline: timeline)).decision
    }

    static func state(user: String = "", now: String, events: String = "") -> String {
        #"{"schema": 1, "user": {"id": "u"\#(user)}, "now": "\#(now)", "events": [\#(events)]}"#
    }

    static func lines(_ decision: Decision) -> [String] {
        decision.reminders.map { "\($0.id) \($0.at) \($0.kind) \($0.day ?? "")" }
    }

    static let plan = """
        calendar: { timezone: Asia/Shanghai, kill_time: "20:00" }
        metrics:
          planned_days: days.filter(d, d.planned > 0).size()
        reminders:
          - { id: plan, title: Plan, on: daily, at: "09:00", setting: plan_at, when: today.planned == 0 }
          - { id: busy, title: Busy, on: daily, at: "21:00", when: 'metrics.planned_days >= 1' }

        """

    /// The user's setting: a time replaces `at`, null or false turn the reminder off, anything
    /// else is warned about and `at` is used; a missing key leaves `at`.
    @Test(arguments: [
        ("", ["plan 2026-03-02T09:00:00+08:00 daily 2026-03-02", "plan 2026-03-03T09:00:00+08:00 daily 2026-03-03"], false),
        (#", "plan_at": "08:15""#, ["plan 2026-03-02T08:15:00+08:00 daily 2026-03-02", "plan 2026-03-03T08:15:00+08:00 daily 2026-03-03"], false),
        (#", "plan_at": "06:00""#, ["plan 2026-03-03T06:00:00+08:00 daily 2026-03-03"], false),
        (#", "plan_at": null"#, [], false),
        (#", "plan_at": false"#, [], false),
        (#", "plan_at": 830"#, ["plan 2026-03-02T09:00:00+08:00 daily 2026-03-02", "plan 2026-03-03T09:00:00+08:00 daily 2026-03-03"], true),
        (#", "plan_at": "25:00""#, ["plan 2026-03-02T09:00:00+08:00 daily 2026-03-02", "plan 2026-03-03T09:00:00+08:00 daily 2026-03-03"], true),
        (#", "plan_at": true"#, ["plan 2026-03-02T09:00:00+08:00 daily 2026-03-02", "plan 2026-03-03T09:00:00+08:00 daily 2026-03-03"], true),
    ] as [(String, [String], Bool)])
    func settingChoosesTheTime(user: String, expected: [String], warned: Bool) throws {
        let decision = try Self.decide(Self.plan, Self.state(user: user, now: "2026-03-02T07:00:00+08:00"))
        #expect(Self.lines(decision) == expected)
        let warnings = decision.warnings.filter { $0.code == "invalid_setting" }
        #expect(warnings.count == (warned ? 1 : 0))
        if warned { #expect(warnings.first?.id == "plan" && warnings.first?.message.contains("user.plan_at") == true) }
    }

    /// `when` at each moment: a plan made for today cancels today's planning reminder, not
    /// tomorrow's; a metric over the days is evaluated on the facts of that moment.
    @Test func whenIsJudgedAtEachMoment() throws {
        let planned = #"{"type": "day_planned", "at": "2026-03-02T06:30:00+08:00", "tasks": 2}"#
        let decision = try Self.decide(Self.plan, Self.state(now: "2026-03-02T07:00:00+08:00", events: planned))
        let expected: [String] = [
            "busy 2026-03-02T21:00:00+08:00 daily 2026-03-02",
            "plan 2026-03-03T09:00:00+08:00 daily 2026-03-03",
            "busy 2026-03-03T21:00:00+08:00 daily 2026-03-03",
        ]
        #expect(Self.lines(decision) == expected)
        // Without any plan the metric is 0 at both moments: no `busy`.
        let none = try Self.decide(Self.plan, Self.state(now: "2026-03-02T07:00:00+08:00"))
        #expect(!Self.lines(none).contains { $0.hasPrefix("busy") })
    }

    /// A time a daylight-saving jump skips is the first instant after the gap; a time before
    /// `day_starts` falls on the next calendar date; a moment at or before `now` is not listed.
    @Test func skippedTimesAndDayStarts() throws {
        let gap = try Self.decide("""
            calendar: { timezone: America/New_York }
            reminders:
              - { id: night, title: Night, on: daily, at: "02:30" }

            """, Self.state(now: "2026-03-07T12:00:00-05:00"))
        // Today's 02:30 has passed; tomorrow's (03-08) is skipped by the spring change: 03:00 EDT.
        #expect(Self.lines(gap) == ["night 2026-03-08T03:00:00-04:00 daily 2026-03-08"])
        let late = try Self.decide("""
            calendar: { timezone: UTC, day_starts: "04:00" }
            reminders:
              - { id: late, title: Late, on: daily, at: "01:00" }

            """, Self.state(now: "2026-03-02T02:00:00Z"))
        // 02:00 on 03-02 is still day 03-01 (before 04:00): its 01:00 has passed, 03-02's is on 03-03.
        #expect(Self.lines(late) == ["late 2026-03-03T01:00:00Z daily 2026-03-02"])
    }
}
