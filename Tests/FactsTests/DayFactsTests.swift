import Testing
@testable import Facts

/// Days, lateness, plans and kill-time changes (docs/rules.md, "calendar") as the facts show them.
struct DayFactsTests {
    func facts(_ calendar: String, _ events: [String], now: String, user: String = #"{"id": "u"}"#) throws -> FactSnapshot {
        let rules = try ruleSet("schema: 1\ncalendar:\n" + calendar)
        let state = try state(events, now: now, user: user)
        return try FactTimeline(state: state, rules: rules, now: moment(now)).facts(at: moment(now))
    }

    @Test("ISO weeks of days and events", arguments: [
        // day, its ISO week (the year of a week is the year of its Thursday)
        ("2026-01-01", "2026-W01"), ("2025-12-29", "2026-W01"), ("2026-01-04", "2026-W01"),
        ("2026-01-05", "2026-W02"), ("2026-01-19", "2026-W04"), ("2027-01-01", "2026-W53"),
        ("2021-01-03", "2020-W53"), ("2024-12-30", "2025-W01"), ("2026-03-05", "2026-W10"),
    ])
    func isoWeeks(date: String, week: String) throws {
        let snapshot = try facts("  timezone: event\n", [#"{"type": "x", "at": "\#(date)T12:00:00+08:00"}"#], now: "\(date)T13:00:00+08:00")
        #expect(evaluate("[events[0].week, today.week, days[0].week]", in: snapshot) == #"[""# + week + #"", ""# + week + #"", ""# + week + #""]"#)
    }

    @Test func anEventsWeekdayAndWeekAreThoseOfItsLocalDay() throws {
        // Sunday 2026-01-11 01:30 with day_starts 04:00 belongs to Saturday 2026-01-10, week 2;
        // Monday 2026-01-12 02:00 belongs to Sunday 2026-01-11, still week 2.
        let snapshot = try facts("  day_starts: \"04:00\"\n", [
            #"{"type": "x", "at": "2026-01-11T01:30:00+08:00"}"#,
            #"{"type": "x", "at": "2026-01-12T02:00:00+08:00"}"#,
        ], now: "2026-01-12T03:00:00+08:00")
        #expect(evaluate("events.map(e, [e.day, e.weekday, e.week])", in: snapshot)
            == #"[["2026-01-10", 6, "2026-W02"], ["2026-01-11", 7, "2026-W02"]]"#)
    }

    @Test func eventRecordsCarryComputedFieldsAndAttributes() throws {
        let snapshot = try facts("  day_starts: \"04:00\"\n", [
            #"{"type": "focus_session", "at": "2026-01-06T01:10:00+08:00", "minutes": 25, "score": 2.0, "ratio": 0.5, "tags": ["a"], "meta": {"k": null}}"#,
        ], now: "2026-01-06T09:00:00+08:00")
        // A session after midnight but before day_starts belongs to the previous day (a Monday).
        #expect(evaluate("events[0]", in: snapshot) == """
            {"type": "focus_session", "at": 2026-01-05T17:10:00Z, "day": "2026-01-05", "hour": 1, "minute": 10, \
            "weekday": 1, "week": "2026-W02", "late": false, "minutes": 25, "score": 2, "ratio": 0.5, "tags": ["a"], "meta": {"k": null}}
            """)
        #expect(evaluate("today.date", in: snapshot) == #""2026-01-06""#)
        #expect(evaluate("days.map(d, [d.date, d.weekday, d.events.size()])", in: snapshot)
            == #"[["2026-01-05", 1, 1], ["2026-01-06", 2, 0]]"#)
    }

    @Test func lateEventsAreExcludedFromTheirDay() throws {
        let snapshot = try facts("  kill_time: \"20:00\"\n", [
            #"{"type": "task_completed", "at": "2026-01-07T19:59:59+08:00"}"#,
            #"{"type": "task_completed", "at": "2026-01-07T20:00:00+08:00"}"#,
            #"{"type": "focus_session", "at": "2026-01-07T21:00:00+08:00"}"#,
        ], now: "2026-01-07T22:00:00+08:00")
        #expect(evaluate("events.map(e, e.late)", in: snapshot) == "[false, true, true]")
        #expect(evaluate("[today.events.size(), today.late.size(), today.count]", in: snapshot) == #"[1, 2, {"task_completed": 1}]"#)
        #expect(evaluate("days.size()", in: snapshot) == "1")
    }

    @Test func lateEventsMoveToTheNextDay() throws {
        let snapshot = try facts("  kill_time: \"20:00\"\n  late: next_day\n", [
            #"{"type": "task_completed", "at": "2026-01-07T19:59:59+08:00"}"#,
            #"{"type": "task_completed", "at": "2026-01-07T20:00:00+08:00"}"#,
            #"{"type": "focus_session", "at": "2026-01-07T21:00:00+08:00"}"#,
        ], now: "2026-01-07T21:30:00+08:00")
        #expect(evaluate("events.map(e, [e.day, e.late])", in: snapshot)
            == #"[["2026-01-07", false], ["2026-01-08", true], ["2026-01-08", true]]"#)
        // `now` is past the kill moment, so today is already the next day.
        #expect(snapshot.today.description == "2026-01-08")
        #expect(evaluate("days.map(d, [d.date, d.events.size(), d.late.size()])", in: snapshot)
            == #"[["2026-01-07", 1, 0], ["2026-01-08", 2, 0]]"#)
    }

    @Test func killTimeCannotChangeOnceItHasPassed() throws {
        let snapshot = try facts("  kill_time: \"20:00\"\n", [
            #"{"type": "day_planned", "at": "2026-01-07T08:00:00+08:00", "tasks": 3}"#,
            #"{"type": "kill_time_changed", "at": "2026-01-07T19:00:00+08:00", "to": "21:00"}"#,
            #"{"type": "day_planned", "at": "2026-01-07T20:30:00+08:00", "tasks": 2}"#,
            #"{"type": "task_completed", "at": "2026-01-07T20:40:00+08:00"}"#,
            #"{"type": "kill_time_changed", "at": "2026-01-07T21:00:00+08:00", "to": "23:00"}"#,
            #"{"type": "day_planned", "at": "2026-01-07T21:30:00+08:00", "tasks": 1}"#,
            #"{"type": "kill_time_changed", "at": "2026-01-07T21:40:00+08:00", "date": "2026-01-08", "to": "25:00"}"#,
            #"{"type": "kill_time_changed", "at": "2026-01-07T21:41:00+08:00", "date": "2026-01-08", "to": "00:00"}"#,
            #"{"type": "kill_time_changed", "at": "2026-01-07T21:42:00+08:00", "date": "2026-01-08", "to": "18:30"}"#,
            #"{"type": "day_planned", "at": "2026-01-07T21:43:00+08:00", "date": "2026-01-06", "tasks": 4}"#,
        ], now: "2026-01-07T22:00:00+08:00")
        // Plans are always accepted (a late one expires the day at once); only kill-time changes
        // after the kill moment are refused.
        #expect(snapshot.warnings.map(\.code) == [.killTimePassed, .invalidKillTime, .invalidKillTime])
        #expect(snapshot.warnings.map(\.event) == [4, 6, 7])
        // The task at 20:40 was on time (kill moved to 21:00); the last plan (21:30) asks for 1 task,
        // which that on-time completion covers.
        #expect(evaluate("[today.planned, today.kill_time, today.status, today.expired_count, today.events.size()]", in: snapshot)
            == #"[1, "21:00", "completed", 0, 4]"#)
        #expect(evaluate("days.map(d, d.kill_time)", in: snapshot) == #"["21:00"]"#)
    }

    @Test("a plan at or after the kill moment expires the day at once", arguments: [
        // plan time, tasks, on-time completions before it, status, expired_count
        ("20:00", 2, 0, "expired", 2),
        ("20:30", 3, 1, "expired", 2),
        ("20:30", 1, 1, "completed", 0),
    ])
    func latePlanExpiresTheDay(at time: String, tasks: Int, done: Int, status: String, expired: Int) throws {
        var events = (0..<done).map { #"{"type": "task_completed", "at": "2026-01-07T1\#($0):00:00+08:00"}"# }
        events.append(#"{"type": "day_planned", "at": "2026-01-07T\#(time):00+08:00", "tasks": \#(tasks)}"#)
        let snapshot = try facts("  kill_time: \"20:00\"\n", events, now: "2026-01-07T20:45:00+08:00")
        #expect(snapshot.warnings.isEmpty)
        let expected = #"[""# + status + #"", "# + String(expired) + "]"
        #expect(evaluate("[today.status, today.expired_count]", in: snapshot) == expected)
    }

    @Test("day status", arguments: [
        // planned, completions (hours), now hour, status, expired_count
        (0, [10], 12, "empty", 0),
        (2, [10], 12, "open", 0),
        (2, [10, 11], 12, "completed", 0),
        (2, [10], 21, "expired", 1),
        (3, [], 21, "expired", 3),
        (1, [10, 11, 12], 21, "completed", 0),
    ])
    func dayStatus(planned: Int, completions: [Int], nowHour: Int, status: String, expired: Int) throws {
        var events = [#"{"type": "day_planned", "at": "2026-01-07T08:00:00Z", "tasks": \#(planned)}"#]
        events += completions.map { #"{"type": "task_completed", "at": "2026-01-07T\#($0):00:00Z"}"# }
        let snapshot = try facts("  kill_time: \"20:00\"\n", events, now: "2026-01-07T\(nowHour):00:00Z")
        #expect(evaluate("[today.status, today.expired_count]", in: snapshot) == "[\"\(status)\", \(expired)]")
    }

    @Test func completionIsTerminal() throws {
        let snapshot = try facts("  kill_time: \"20:00\"\n", [
            #"{"type": "day_planned", "at": "2026-01-07T08:00:00Z", "tasks": 1}"#,
            #"{"type": "task_completed", "at": "2026-01-07T09:00:00Z"}"#,
            #"{"type": "day_planned", "at": "2026-01-07T10:00:00Z", "tasks": 5}"#,
        ], now: "2026-01-07T21:00:00Z")
        #expect(evaluate("[today.planned, today.status]", in: snapshot) == #"[5, "completed"]"#)
    }

    @Test func pastDaysExpireAsTimePasses() throws {
        let rules = try ruleSet("schema: 1\ncalendar:\n  kill_time: \"20:00\"\n")
        let state = try state([
            #"{"type": "day_planned", "at": "2026-01-07T08:00:00Z", "tasks": 1}"#,
            #"{"type": "day_planned", "at": "2026-01-07T09:00:00Z", "date": "2026-01-08", "tasks": 2}"#,
        ], now: "2026-01-09T12:00:00Z")
        let timeline = try FactTimeline(state: state, rules: rules, now: moment("2026-01-09T12:00:00Z"))
        #expect(timeline.timeCheckpoints().map(\.description) == [
            "2026-01-07T20:00:00Z", "2026-01-08T00:00:00Z", "2026-01-08T20:00:00Z", "2026-01-09T00:00:00Z",
        ])
        var builder = FactBuilder(timeline: timeline)
        var statuses: [String] = []
        for moment in checkpoints(timeline) {
            let snapshot = builder.facts(at: moment)
            statuses.append(evaluate("days.map(d, d.status)", in: snapshot))
        }
        #expect(statuses == [
            #"["open"]"#, #"["open"]"#, #"["expired"]"#, #"["expired", "open"]"#, #"["expired", "expired"]"#,
            #"["expired", "expired", "empty"]"#, #"["expired", "expired", "empty"]"#,
        ])
    }

    @Test func daylightSavingDaysUnderAZone() throws {
        // New York springs forward at 02:00 on 2026-03-08; a 02:30 kill time means 03:00 EDT.
        let snapshot = try facts("  timezone: America/New_York\n  kill_time: \"02:30\"\n  day_starts: \"01:00\"\n", [
            #"{"type": "a", "at": "2026-03-08T06:59:59Z"}"#,
            #"{"type": "b", "at": "2026-03-08T07:00:00Z"}"#,
            #"{"type": "c", "at": "2026-11-01T05:45:00Z"}"#,
            #"{"type": "d", "at": "2026-11-01T06:45:00Z"}"#,
        ], now: "2026-11-01T07:00:00Z")
        // 01:59:59 EST is on time, 03:00 EDT is the kill moment. On 2026-11-01 01:45 happens twice
        // (EDT, then EST); both read 01:45, after day_starts and before the 02:30 kill time.
        #expect(evaluate("events.map(e, [e.day, e.hour, e.late])", in: snapshot)
            == #"[["2026-03-08", 1, false], ["2026-03-08", 3, true], ["2026-11-01", 1, false], ["2026-11-01", 1, false]]"#)
    }

    @Test func travellerKillTimeComparesWallClocks() throws {
        let snapshot = try facts("  kill_time: \"20:00\"\n", [
            #"{"type": "a", "at": "2026-03-02T19:00:00+08:00"}"#,
            #"{"type": "b", "at": "2026-03-02T19:30:00-05:00"}"#,
            #"{"type": "c", "at": "2026-03-02T20:00:00-05:00"}"#,
        ], now: "2026-03-02T20:30:00-05:00")
        #expect(evaluate("events.map(e, [e.day, e.late])", in: snapshot)
            == #"[["2026-03-02", false], ["2026-03-02", false], ["2026-03-02", true]]"#)
        #expect(evaluate("today.status", in: snapshot) == #""empty""#)
    }

    @Test func userZone() throws {
        let snapshot = try facts("  timezone: user\n", [#"{"type": "a", "at": "2026-03-01T15:00:00Z"}"#],
                                 now: "2026-03-01T16:00:00Z", user: #"{"id": "u", "timezone": "Asia/Tokyo"}"#)
        #expect(evaluate("[today.date, events[0].hour]", in: snapshot) == #"["2026-03-02", 0]"#)
    }

    @Test func futureEventsAreDroppedWithAWarning() throws {
        let snapshot = try facts("  timezone: event\n", [
            #"{"type": "a", "at": "2026-03-01T10:00:00Z"}"#,
            #"{"type": "b", "at": "2026-03-05T10:00:00Z"}"#,
        ], now: "2026-03-02T00:00:00Z")
        #expect(evaluate("events.map(e, e.type)", in: snapshot) == #"["a"]"#)
        #expect(snapshot.warnings.map(\.code) == [.futureEvent])
        #expect(snapshot.warnings.map(\.event) == [1])
    }

    @Test func noEventsMeansNoDays() throws {
        let snapshot = try facts("  timezone: event\n", [], now: "2026-03-02T00:00:00Z")
        #expect(evaluate("[days.size(), events.size(), today.date, today.status]", in: snapshot) == #"[0, 0, "2026-03-02", "empty"]"#)
    }
}
