import Evaluation
import Facts
import JSON
import RulesTestSupport
import Testing

/// Conditions are checked with the tracking plan's attribute types, so the facts carry those
/// types too: a `double` written as a whole number and a `timestamp` written as an RFC 3339
/// string are read in the plan's type; without a plan, or in a form that does not convert, the
/// value stays as written.
@Suite struct PlannedAttributeTypeTests {
    static let plan = """
        schema: 1
        events:
          record_saved:
            attributes:
              seconds: double
              started_at: timestamp?
        """

    static func state(_ events: String) throws -> StateFile {
        try StateFile.parse(json: Array("""
            {"schema": 1, "user": {"id": "u"}, "now": "2026-04-10T10:00:00+02:00", "events": [\(events)]}
            """.utf8), file: "state.json")
    }

    static func unlocked(_ when: String, withPlan: Bool = true, events: String) throws -> Bool {
        let rules = try RuleSetText.load((withPlan ? Self.plan : "schema: 1") + """

            achievements:
              - { id: award, title: Award, when: '\(when)' }
            """)
        let decision = try RuleSetText.decide(state(events), with: rules).decision
        return decision.achievements.first { $0.id == "award" }?.state == .unlocked
    }

    static let wholeSeconds = #"{"type": "record_saved", "at": "2026-04-10T09:00:00+02:00", "seconds": 1200}"#

    @Test func aWholeNumberIsADoubleWhereThePlanSaysDouble() throws {
        #expect(try Self.unlocked("events.exists(e, e.seconds / 60.0 >= 20.0)", events: Self.wholeSeconds))
        #expect(try Self.unlocked("events.map(e, e.seconds).sum() == 1200.0", events: Self.wholeSeconds))
    }

    @Test func withoutAPlanTheWholeNumberStaysAnInt() throws {
        #expect(try Self.unlocked("events.exists(e, e.seconds / 60 >= 20)", withPlan: false, events: Self.wholeSeconds))
    }

    @Test func anRFC3339StringIsATimestampWhereThePlanSaysTimestamp() throws {
        let events = #"{"type": "record_saved", "at": "2026-04-10T09:30:00+02:00", "seconds": 1800.5, "started_at": "2026-04-10T09:00:00+02:00"}"#
        #expect(try Self.unlocked(#"events.exists(e, has(e.started_at) && e.at - e.started_at >= duration("30m"))"#, events: events))
        #expect(try Self.unlocked("events.exists(e, e.started_at < e.at)", events: events))
    }

    @Test func aValueOfAnotherFormStaysAsWritten() throws {
        let events = #"{"type": "record_saved", "at": "2026-04-10T09:30:00+02:00", "seconds": 60, "started_at": "nine o'clock"}"#
        #expect(try !Self.unlocked("events.exists(e, e.started_at < e.at)", events: events))
    }
}
