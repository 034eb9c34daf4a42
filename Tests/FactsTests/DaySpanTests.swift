import Foundation
import Testing
@testable import Facts

/// A history longer than 100 years of local days is refused, naming the field that stretches it,
/// before anything walks its days (docs/evaluation.md, "Day span").
struct DaySpanTests {
    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var now: String
        var events: [String]
        /// The JSON path the error must name; `nil` when the state must load.
        var blamed: String?
    }

    static let cases: [Case] = [
        Case(description: "now in 9999 with events in 2026", now: "9999-06-01T00:00:00Z",
             events: [#"{"type": "ping", "at": "2026-01-01T10:00:00Z"}"#, #"{"type": "ping", "at": "2026-01-02T10:00:00Z"}"#],
             blamed: "now"),
        Case(description: "one event in 1900 and three in 2026", now: "2026-01-10T00:00:00Z",
             events: [#"{"type": "ping", "at": "2026-01-01T10:00:00Z"}"#, #"{"type": "ping", "at": "1900-01-01T10:00:00Z"}"#,
                      #"{"type": "ping", "at": "2026-01-02T10:00:00Z"}"#, #"{"type": "ping", "at": "2026-01-03T10:00:00Z"}"#],
             blamed: "events[1].at"),
        Case(description: "two events 8,000 years apart", now: "9030-01-01T00:00:00Z",
             events: [#"{"type": "ping", "at": "1026-01-01T10:00:00Z"}"#, #"{"type": "ping", "at": "9026-01-01T10:00:00Z"}"#],
             blamed: "events[0].at"),
        Case(description: "a freeze for 9999-12-31", now: "2026-01-10T00:00:00Z",
             events: [#"{"type": "read", "at": "2026-01-01T10:00:00Z"}"#,
                      #"{"type": "freeze_used", "at": "2026-01-02T10:00:00Z", "date": "9999-12-31"}"#],
             blamed: "events[1].date"),
        Case(description: "a plan for 9999-12-31", now: "2026-01-10T00:00:00Z",
             events: [#"{"type": "day_planned", "at": "2026-01-01T10:00:00Z", "date": "9999-12-31", "tasks": 1}"#],
             blamed: "events[0].date"),
        // 1926-01-01 … 2026-03-15 is 36,598 days; one more year is over the limit.
        Case(description: "exactly under 100 years", now: "2026-03-15T12:00:00Z",
             events: [#"{"type": "ping", "at": "1926-01-01T10:00:00Z"}"#], blamed: nil),
        Case(description: "101 years", now: "2027-03-15T12:00:00Z",
             events: [#"{"type": "ping", "at": "1926-01-01T10:00:00Z"}"#], blamed: "events[0].at"),
        Case(description: "an event after now, far away, is ignored", now: "2026-01-10T00:00:00Z",
             events: [#"{"type": "ping", "at": "2026-01-01T10:00:00Z"}"#, #"{"type": "ping", "at": "9999-01-01T10:00:00Z"}"#],
             blamed: nil),
    ]

    @Test("the day span is limited to 100 years", arguments: cases)
    func span(_ test: Case) throws {
        let rules = try ruleSet("""
            schema: 1
            streaks:
              - { id: read, title: Reading, counts: event.type == "read", freezes: { max: 1, refill_days: 30, mode: manual } }
            """)
        let text = #"{"schema": 1, "user": {"id": "u"}, "now": "\#(test.now)", "events": [\#(test.events.joined(separator: ", "))]}"#
        let state = try StateFile.parse(json: Array(text.utf8), file: "state.json")
        let now = try #require(state.now)
        do {
            let timeline = try FactTimeline(state: state, rules: rules, now: now)
            // Bounded work, counted: at most a few checkpoints a day over at most 36,600 days.
            #expect(timeline.timeCheckpoints().count <= 4 * 36_600)
            #expect(test.blamed == nil, "loaded, expected an error at \(test.blamed ?? "")")
        } catch {
            #expect(error.path.description == test.blamed)
            #expect(error.message.contains("36600 days"))
        }
    }
}
