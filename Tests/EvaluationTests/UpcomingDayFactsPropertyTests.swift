import CEL
import Evaluation
import Facts
import Foundation
import RuleModel
import Testing
import TestSupport

/// `upcoming` comes from the same day facts whatever the rules read: over seeded random calendars
/// and states, a rule set whose conditions never read `days` or `today` lists exactly what it
/// lists once an unrelated metric that reads `days` is added (a completed day never expires, an
/// open one expires in both).
@Suite struct UpcomingDayFactsPropertyTests {
    static let calendars = 12
    static let statesPerCalendar = 24

    @Test func upcomingDoesNotDependOnWhatTheRulesRead() throws {
        var expiries = 0
        for seed in 0..<Self.calendars {
            var g = SeededGenerator(seed: 0xDA75 &+ UInt64(seed) &* 7_919)
            let calendar = try #require(Self.calendarSection(of: RandomScenario.rules(&g)))
            // Half without a streak: then nothing asks the facts anything before `upcoming` does.
            // Half without a streak, some with the award unlocked at the first event: then nothing
            // asks the facts anything before `upcoming` does.
            let streak = seed % 2 == 1
            let plain = try UpcomingPropertyTests.load(["rules.yaml": Self.rules(calendar: calendar, streak: streak, awardAt: seed % 3 + 1, readingDays: false)], seed: seed)
            let reading = try UpcomingPropertyTests.load(["rules.yaml": Self.rules(calendar: calendar, streak: streak, awardAt: seed % 3 + 1, readingDays: true)], seed: seed)
            for index in 0..<Self.statesPerCalendar {
                let state = try StateFile.parse(json: index % 2 == 0 ? RandomScenario.state(&g, awardIDs: plain.awardOrder)
                                                    : Self.plannedDayState(&g))
                guard let now = state.now,
                      // As the command line runs it: the bindings at `now` not kept.
                      let a = try? Replay(rules: plain).run(StateFacts(state: state, rules: plain, now: now), keepsBindings: false).decision,
                      let b = try? Replay(rules: reading).run(StateFacts(state: state, rules: reading, now: now), keepsBindings: false).decision
                else { continue }
                #expect(a.upcoming == b.upcoming, "calendar \(seed), state \(index): \(a.upcoming) vs \(b.upcoming)")
                #expect(a.reminders == b.reminders, "calendar \(seed), state \(index)")
                expiries += b.upcoming.filter { $0.kind == "day_expires" }.count
            }
        }
        // The states must plan days that expire, or the comparison says nothing about them.
        #expect(expiries > 0)
    }

    /// A plan of 1 to 3 tasks made two to eight hours before `now`, with 0 to 3 of them done
    /// since (often all: a completed day) and a check-in.
    static func plannedDayState(_ g: inout SeededGenerator) -> String {
        let now = Int64.random(in: 0...(3 * 86_400), using: &g) + 1_772_582_400  // 2026-03-04T00:00:00Z
        let planned = now - Int64.random(in: 7_200...28_800, using: &g)
        func stamp(_ seconds: Int64) -> String { Moment(instant: CELTimestamp(seconds: seconds), offsetSeconds: 3_600).description }
        var events = [#"{"type": "day_planned", "at": "\#(stamp(planned))", "tasks": \#(Int.random(in: 1...3, using: &g))}"#]
        for _ in 0..<Int.random(in: 0...3, using: &g) {
            events.append(#"{"type": "task_completed", "at": "\#(stamp(Int64.random(in: planned...now, using: &g)))"}"#)
        }
        events.append(#"{"type": "check_in", "at": "\#(stamp(planned - 600))"}"#)
        return #"{"schema": 1, "user": {"id": "p", "timezone": "Europe/Berlin"}, "now": "\#(stamp(now))", "events": [\#(events.joined(separator: ", "))]}"#
    }

    /// The `calendar:` section of a random rule set (up to the metrics).
    static func calendarSection(of files: [String: String]) -> String? {
        guard let text = files["a_rules.yaml"], let start = text.range(of: "calendar:\n"),
              let end = text.range(of: "metrics:\n") else { return nil }
        return String(text[start.lowerBound..<end.lowerBound])
    }

    /// An award at `awardAt` events, a reminder on `day_expires` and with `streak` a streak over
    /// events; with `readingDays`, a metric over `days` that nothing else reads.
    static func rules(calendar: String, streak: Bool, awardAt: Int, readingDays: Bool) -> String {
        let streaks = "streaks:\n  - id: daily\n    title: Daily\n    counts: event.type in [\"check_in\", \"task_completed\"]\n"
        return """
        schema: 1
        \(calendar)\(readingDays ? "metrics:\n  unrelated_days: days.size()\n" : "")\(streak ? streaks : "")achievements:
          - id: busy
            title: Busy
            when: events.size() >= \(awardAt)
        reminders:
          - id: plan_ends
            title: Your plan ends
            on: day_expires
            before: 1h

        """
    }
}
