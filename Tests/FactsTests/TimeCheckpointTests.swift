import Testing
@testable import Facts

/// Checkpoints driven by time (docs/evaluation.md, "Replay") and defaults that depend on the event's own day.
struct TimeCheckpointTests {
    @Test func travellerBoundariesFollowTheLastEventsClock() throws {
        let (rules, state) = try fixture("a01_traveller")
        let timeline = try FactTimeline(state: state, rules: rules, now: try #require(state.now))
        // Day ends placed in the offset of the last event before them; the wall clock jumps back
        // 13 hours on the flight, so 2026-03-03T00:00 is reached twice and counted once.
        #expect(timeline.timeCheckpoints().map(\.description) == [
            "2026-03-02T00:00:00+08:00", "2026-03-03T00:00:00+08:00", "2026-03-04T00:00:00-05:00",
        ])
    }

    @Test func zoneBoundariesAcrossDaylightSaving() throws {
        let rules = try ruleSet("schema: 1\ncalendar:\n  timezone: America/New_York\n  kill_time: \"02:30\"\n")
        let now = "2026-03-09T12:00:00Z"
        let timeline = try FactTimeline(state: try state([#"{"type": "x", "at": "2026-03-07T12:00:00Z"}"#], now: now),
                                        rules: rules, now: moment(now))
        #expect(timeline.timeCheckpoints().map(\.description) == [
            "2026-03-08T00:00:00-05:00", "2026-03-08T03:00:00-04:00", "2026-03-09T00:00:00-04:00",
            "2026-03-09T02:30:00-04:00",
        ])
    }

    @Test func nextDayDefaultsFollowTheMovedDay() throws {
        let rules = try ruleSet("schema: 1\ncalendar:\n  kill_time: \"20:00\"\n  late: next_day\n")
        let now = "2026-01-08T12:00:00Z"
        let state = try state([
            // After the kill moment: belongs to 01-08, so its plan and kill time are for 01-08.
            #"{"type": "day_planned", "at": "2026-01-07T21:00:00Z", "tasks": 2}"#,
            #"{"type": "kill_time_changed", "at": "2026-01-07T21:05:00Z", "to": "18:00"}"#,
        ], now: now)
        let facts = try FactTimeline(state: state, rules: rules, now: moment(now)).facts(at: moment(now))
        #expect(facts.warnings.isEmpty)
        #expect(evaluate("[today.date, today.planned, today.kill_time, today.status]", in: facts)
            == #"["2026-01-08", 2, "18:00", "open"]"#)
    }
}
