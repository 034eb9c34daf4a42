import Evaluation
import Facts
import JSON
import RuleModel
import Testing

/// A state's events against the tracking plan (docs/state-file.md, "Events and the tracking
/// plan"): one `event_not_in_plan` per type and problem, with the count and the first event's
/// path; the events are decided as written.
@Suite struct EventPlanCheckTests {
    static func decision(planned: Bool) throws -> Decision {
        let fixture = try ScenarioFixture("plan_check")
        var rules = try fixture.rules()
        if !planned { rules.eventPlan = nil }
        let state = try fixture.state()
        return try UserEvaluation(rules: rules, state: state, now: try #require(state.now)).decision
    }

    @Test func onePerTypeAndProblemWithTheCountAndTheFirstPath() throws {
        let warnings = try Self.decision(planned: true).warnings.filter { $0.code == "event_not_in_plan" }
        #expect(warnings.map { "\($0.path ?? "-") \($0.count ?? 0)" } == [
            "events[1].minutes 3", "events[2].minutes 2", "events[4].type 2", "events[7].started 1",
            "events[8].ratio 1", "events[9].category 1", "events[10].stars 1", "events[12].type 1",
        ])
        #expect(warnings.map(\.event) == [1, 2, 4, 7, 8, 9, 10, 12])
        #expect(warnings[0].message == "3 'focus_session' events whose 'minutes' is not an int, as the tracking plan declares it (the first is a string)")
        #expect(warnings[1].message == "2 'focus_session' events without 'minutes', which the tracking plan requires (an int)")
        #expect(warnings[2].message == "2 events of type 'focus_sesion', which the tracking plan does not have; did you mean 'focus_session'?")
        #expect(warnings[7].message == "1 event of type 'custom_thing', which the tracking plan does not have")
    }

    @Test func theEventsAreDecidedAsWritten() throws {
        var planned = try Self.decision(planned: true)
        let unplanned = try Self.decision(planned: false)
        #expect(!unplanned.warnings.contains { $0.code == "event_not_in_plan" })
        planned.warnings.removeAll { $0.code == "event_not_in_plan" }
        #expect(planned == unplanned)
        #expect(planned.unlocks.map(\.id) == ["first_focus"])
        // A string among the minutes fails the sum as it did without a plan: a warning, not a fix.
        #expect(planned.warnings.contains { $0.code == "rule_error" && $0.id == "focus_hour" })
    }

    static let minutes = EventPlan.Attribute(name: "x", kind: .int, optional: false)

    @Test(arguments: [
        (JSONValue.int(3), "int", true), (.double(3), "int", true), (.double(2.5), "int", false), (.string("3"), "int", false),
        (.int(3), "double", true), (.double(2.5), "double", true), (.int(3), "number", true), (.double(0.5), "number?", true),
        (.string("a"), "string", true), (.int(1), "string", false), (.bool(false), "bool", true), (.int(0), "bool", false),
        (.string("2026-01-05T08:35:00Z"), "timestamp", true), (.string("2026-01-05T08:35:00"), "timestamp", false),
        (.string("2026-01-05"), "timestamp", false), (.int(0), "timestamp", false),
        (.array([]), "list", true), (.object(JSONObject()), "list", false), (.object(JSONObject()), "map", true),
        (.array([]), "map", false), (.null, "int", false), (.null, "int?", true), (.null, "map?", true),
    ])
    func eachTypeTakesItsValues(value: JSONValue, written: String, accepted: Bool) throws {
        let attribute = try #require(EventPlan.Attribute(name: "x", written: written))
        let plan = EventPlan(declaring: [EventPlan.EventType(name: "t", attributes: [attribute])])
        var object = JSONObject([("type", .string("t")), ("at", .string("2026-01-05T08:35:00Z"))])
        object["x"] = value
        let event = try StateFile.event(.object(object), index: 0)
        #expect(EventPlanCheck(plan: plan).warnings([event]).isEmpty == accepted)
    }

    @Test func aReservedTypesOwnAttributesAreLeftToTheStateDecoder() throws {
        let plan = EventPlan(declaring: [])
        let event = try StateFile.event(.object(JSONObject([
            ("type", .string("day_planned")), ("at", .string("2026-01-05T08:35:00Z")), ("tasks", .int(3)),
        ])), index: 0)
        #expect(EventPlanCheck(plan: plan).warnings([event]).isEmpty)
        let unknown = try StateFile.event(.object(JSONObject([("type", .string("anything")), ("at", .string("2026-01-05T08:35:00Z"))])),
                                          index: 4)
        #expect(EventPlanCheck(plan: plan).warnings([unknown]).map(\.path) == ["events[4].type"])
    }
}
