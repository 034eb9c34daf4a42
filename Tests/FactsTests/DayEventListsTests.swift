import CEL
import Testing
@testable import Facts

/// The days' event lists are filed on demand, and only the events added since (docs/evaluation.md,
/// "Data structures and why they are shaped so"): filed step by step as a session grows the
/// timeline, they equal the lists filed at once from the whole history.
struct DayEventListsTests {
    static let events = [
        #"{"type": "task_completed", "at": "2026-01-05T09:00:00+08:00"}"#,
        #"{"type": "focus_session", "at": "2026-01-05T19:30:00+08:00", "minutes": 25}"#,
        #"{"type": "task_completed", "at": "2026-01-05T20:30:00+08:00"}"#,  // late: after the kill time
        #"{"type": "task_created", "at": "2026-01-06T08:00:00+08:00"}"#,
        #"{"type": "focus_session", "at": "2026-01-06T21:00:00+08:00", "minutes": 40}"#,  // late
        #"{"type": "task_completed", "at": "2026-01-08T10:00:00+08:00"}"#,
    ]
    static let now = "2026-01-08T12:00:00+08:00"

    @Test(arguments: [0, 1, 2, 3, 5])
    func filedStepByStepEqualFiledAtOnce(first: Int) throws {
        let rules = try ruleSet("schema: 1\ncalendar:\n  timezone: event\n  kill_time: \"20:00\"\n")
        let whole = try FactTimeline(state: state(Self.events, now: Self.now), rules: rules, now: moment(Self.now))
        var once = DayEventLists()
        once.file(from: whole)

        // A timeline of the first events, filed, then grown one event at a time and filed again.
        let all = try state(Self.events, now: Self.now).events
        let start = first == 0 ? "2026-01-05T08:00:00+08:00" : Self.events[first - 1].split(separator: "\"")[7]
        var timeline = try FactTimeline(state: state(Array(Self.events.prefix(first)), now: String(start)), rules: rules,
                                        now: moment(String(start)))
        var stepwise = DayEventLists()
        stepwise.file(from: timeline)
        for event in all.dropFirst(first) {
            try timeline.append(event, now: event.at)
            stepwise.file(from: timeline)
            stepwise.file(from: timeline)  // nothing new: files nothing twice
        }

        let days = whole.events.map(\.day)
        #expect(Set(days).count == 3)
        for day in Set(days) {
            #expect(Self.text(stepwise.onTime[day]) == Self.text(once.onTime[day]), "\(day)")
            #expect(Self.text(stepwise.late[day]) == Self.text(once.late[day]), "\(day)")
        }
        #expect(once.late[days[2]]?.count == 1)
        #expect(once.onTime[days[0]]?.count == 2)
    }

    /// Unfiled lists hold nothing, whatever the day.
    @Test func unfiledListsAreEmpty() {
        #expect(DayEventLists.unfiled.onTime[day("2026-01-05")] == nil)
        #expect(DayEventLists.unfiled.late[day("2026-01-05")] == nil)
    }

    static func text(_ values: [CELValue]?) -> String {
        values.map { $0.map(\.description).joined(separator: "; ") } ?? "none"
    }
}
