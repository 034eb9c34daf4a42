import CEL
import Evaluation
import Facts
import Foundation
import RuleModel
import Rules
import Testing

/// Reminders (docs/rules.md, `reminders[]`): which reminders are due, when, in what order; a `when` that errs.
@Suite struct ReminderDecisionTests {
    static let rules = """
        schema: 1
        calendar: { timezone: UTC, kill_time: "20:00" }
        streaks:
          - { id: a, title: A, counts: event.type == "a" }
          - { id: b, title: B, counts: event.type == "b", freezes: { max: 1, refill_days: 7, mode: auto } }
        achievements:
          - { id: spring, title: Spring, when: 'size(events) > 100', available: { from: 2026-03-06T09:00:00Z, until: 2026-03-08T00:00:00Z } }
        reminders:
          - { id: z_any_break, title: Any, on: streak_breaks }
          - { id: a_break_early, title: Early, on: streak_breaks, streak: a, before: 21h }
          - { id: expiring, title: Expiring, on: day_expires, before: 30m }
          - { id: opening, title: Opening, on: available_from, before: 1h }
          - { id: failing, title: Failing, on: streak_at_risk, when: 'counters.missing > 1' }
          - { id: never, title: Never, on: streak_breaks, when: 'streaks.a.current > 10' }

        """

    static func decide(_ json: String) throws -> Decision {
        let rules = try UpcomingPropertyTests.load(["r.yaml": Self.rules], seed: 9000)
        let state = try StateFile.parse(json: json)
        let timeline = try FactTimeline(state: state, rules: rules, now: try #require(state.now))
        return Replay(rules: rules).run(StateFacts(timeline: timeline)).decision
    }

    @Test func dueRemindersByTimeThenIDStrictlyAfterNow() throws {
        let decision = try Self.decide("""
            {"schema": 1, "user": {"id": "u"}, "now": "2026-03-05T18:00:00Z", "events": [
              {"type": "a", "at": "2026-03-04T08:00:00Z"}, {"type": "b", "at": "2026-03-04T09:00:00Z"},
              {"type": "day_planned", "at": "2026-03-05T08:00:00Z", "tasks": 2}]}
            """)
        let upcoming = decision.upcoming.map { "\($0.at) \($0.kind) \($0.subject)" }
        #expect(upcoming == [
            // With a kill time, today is missed once it passes: a breaks and b spends its freeze
            // at 20:00; at midnight b's new day is pending again.
            "2026-03-05T20:00:00Z day_expires 2026-03-05",
            "2026-03-05T20:00:00Z streak_breaks a",
            "2026-03-05T20:00:00Z streak_freezes b",
            "2026-03-06T00:00:00Z streak_at_risk b",
            "2026-03-06T09:00:00Z available_from spring",
            "2026-03-06T20:00:00Z streak_breaks b",
        ])
        // a_break_early is for streak a only, and 21 hours before its break (20:00) is before now: not listed.
        let due = decision.reminders.map { "\($0.at) \($0.id) \($0.kind) \($0.subject)" }
        #expect(due == [
            "2026-03-05T19:30:00Z expiring day_expires 2026-03-05",
            "2026-03-05T20:00:00Z z_any_break streak_breaks a",
            "2026-03-06T08:00:00Z opening available_from spring",
            "2026-03-06T20:00:00Z z_any_break streak_breaks b",
        ])
        // `failing` reads a counter the state does not have: not holding, one rule_error naming it.
        let errors = decision.warnings.filter { $0.code == "rule_error" }
        #expect(errors.map(\.id) == ["failing"])
        #expect(errors.first?.message.contains("reminder condition") == true)
    }

    @Test func nothingDueWithoutUpcomingChanges() throws {
        let decision = try Self.decide("""
            {"schema": 1, "user": {"id": "u"}, "now": "2026-03-20T18:00:00Z", "events": [{"type": "x", "at": "2026-03-04T08:00:00Z"}]}
            """)
        #expect(decision.upcoming.isEmpty && decision.reminders.isEmpty)
    }
}

