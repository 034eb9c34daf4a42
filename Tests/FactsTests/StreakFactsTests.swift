import Testing
@testable import Facts

/// Streaks fed by the fact builder: `day` predicates, and `freeze_used` routed to streaks.
struct StreakFactsTests {
    static let rules = """
    schema: 1
    calendar:
      kill_time: "20:00"
    streaks:
      - id: planner
        title: Planner
        day: day.status == "completed"
      - id: checkin
        title: Check-in
        counts: event.type == "check_in"
        freezes: { max: 1, refill_days: 7, mode: manual }
      - id: focus
        title: Focus
        counts: event.type == "focus"
        freezes: { max: 2, refill_days: 7, mode: manual }
      - id: steady
        title: Steady
        counts: event.type == "check_in"
        freezes: { max: 1, refill_days: 7, mode: auto }
    """

    func facts(_ events: [String], now: String) throws -> FactSnapshot {
        let timeline = try FactTimeline(state: try state(events, now: now), rules: try ruleSet(Self.rules), now: moment(now))
        return timeline.facts(at: moment(now))
    }

    @Test func dayPredicateJudgesPastDaysOnTheirFinalFacts() throws {
        var events: [String] = []
        for date in ["2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08"] {
            events.append(#"{"type": "day_planned", "at": "\#(date)T08:00:00Z", "tasks": 1}"#)
        }
        for date in ["2026-01-05", "2026-01-06", "2026-01-08"] {
            events.append(#"{"type": "task_completed", "at": "\#(date)T09:00:00Z"}"#)
        }
        let pending = try facts(events.filter { !$0.contains("2026-01-08T09") }, now: "2026-01-08T12:00:00Z")
        #expect(pending.streak("planner") == StreakState(current: 0, longest: 2, totalDays: 2, status: .broken,
                                                         lastDay: day("2026-01-06")))
        let done = try facts(events, now: "2026-01-08T12:00:00Z")
        #expect(done.streak("planner") == StreakState(current: 1, longest: 2, totalDays: 3, status: .active,
                                                      lastDay: day("2026-01-08")))
        let run = try facts(Array(events.prefix(6)), now: "2026-01-07T12:00:00Z")
        #expect(run.streak("planner") == StreakState(current: 2, longest: 2, totalDays: 2, status: .atRisk,
                                                     lastDay: day("2026-01-06")))
        let expired = try facts(Array(events.prefix(6)), now: "2026-01-07T20:00:00Z")
        #expect(expired.streak("planner")?.status == .broken)
    }

    @Test func freezeRouting() throws {
        let snapshot = try facts([
            #"{"type": "check_in", "at": "2026-01-05T09:00:00Z"}"#,
            #"{"type": "focus", "at": "2026-01-05T09:00:00Z"}"#,
            #"{"type": "check_in", "at": "2026-01-07T09:00:00Z"}"#,
            #"{"type": "focus", "at": "2026-01-07T09:00:00Z"}"#,
            // Unnamed: offered to both manual streaks, covering yesterday (01-06).
            #"{"type": "freeze_used", "at": "2026-01-07T10:00:00Z"}"#,
            #"{"type": "freeze_used", "at": "2026-01-07T11:00:00Z", "streak": "steady"}"#,
            #"{"type": "freeze_used", "at": "2026-01-07T12:00:00Z", "streak": "nope"}"#,
            // For a future day: reserved from focus' window, then returned when 01-08 qualifies.
            #"{"type": "freeze_used", "at": "2026-01-07T13:00:00Z", "streak": "focus", "date": "2026-01-08"}"#,
            #"{"type": "focus", "at": "2026-01-08T09:00:00Z"}"#,
        ], now: "2026-01-08T12:00:00Z")
        #expect(snapshot.streak("checkin") == StreakState(current: 2, longest: 2, totalDays: 2, status: .atRisk,
                                                          freezesAvailable: 0, lastDay: day("2026-01-07")))
        #expect(snapshot.streak("focus") == StreakState(current: 3, longest: 3, totalDays: 3, status: .active,
                                                        freezesAvailable: 1, lastDay: day("2026-01-08")))
        // The auto streak covered 01-06 by itself.
        #expect(snapshot.streak("steady")?.current == 2)
        #expect(snapshot.warnings.map(\.code) == [.freezeUnavailable, .freezeUnavailable, .freezeNotNeeded])
        #expect(snapshot.warnings.map(\.event) == [5, 6, 7])
    }

    @Test func freezeWithoutManualStreaks() throws {
        let rules = try ruleSet("schema: 1\nstreaks:\n  - id: s\n    title: S\n    counts: event.type == \"x\"\n")
        let now = "2026-01-08T12:00:00Z"
        let timeline = try FactTimeline(state: try state([#"{"type": "freeze_used", "at": "2026-01-08T10:00:00Z"}"#], now: now),
                                        rules: rules, now: moment(now))
        #expect(timeline.facts(at: moment(now)).warnings.map(\.code) == [.freezeUnavailable])
    }
}
