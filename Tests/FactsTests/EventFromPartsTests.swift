import CEL
import JSON
import Testing
@testable import Facts

/// `StateFile.event(type:at:attributes:index:)` (a session's `record`) makes the event, or the
/// error, that checking the object `{"type", "at", attributes…}` makes.
struct EventFromPartsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let type: String
        let at: Moment
        let attributes: [(key: String, value: JSONValue)]
        var testDescription: String { name }
    }

    static let noon = Moment(instant: CELTimestamp(seconds: 1_767_268_800), offsetSeconds: 8 * 3600)

    static let cases: [Case] = [
        Case(name: "plain", type: "focus_session", at: noon, attributes: [("minutes", .int(25))]),
        Case(name: "fraction of a second", type: "x", at: Moment(instant: CELTimestamp(seconds: 1_767_268_800, nanos: 120_000_000),
                                                                  offsetSeconds: -5 * 3600), attributes: []),
        Case(name: "attributes named type and at", type: "x", at: noon,
             attributes: [("type", .string("y")), ("n", .int(1)), ("at", .string("z"))]),
        Case(name: "reserved type", type: "day_planned", at: noon, attributes: [("tasks", .int(3))]),
        // Errors, by the same checks in the same order.
        Case(name: "empty type", type: "", at: noon, attributes: [("day", .int(1))]),
        Case(name: "computed name", type: "x", at: noon, attributes: [("n", .int(1)), ("hour", .int(1))]),
        Case(name: "bad reserved attribute", type: "day_planned", at: noon, attributes: [("tasks", .string("x"))]),
        // Moments their text does not give back: the object decides.
        Case(name: "offset with seconds", type: "x", at: Moment(instant: CELTimestamp(seconds: 0), offsetSeconds: 8 * 3600 + 5 * 60 + 43),
             attributes: []),
        Case(name: "year past 9999", type: "x", at: Moment(instant: CELTimestamp(seconds: 300_000_000_000), offsetSeconds: 0),
             attributes: []),
    ]

    @Test(arguments: cases)
    func partsGiveWhatTheObjectGives(_ c: Case) {
        let attributes = JSONObject(c.attributes)
        var object = JSONObject([("type", .string(c.type)), ("at", .string(c.at.description))])
        for (key, value) in attributes.entries where key != "type" && key != "at" { object[key] = value }
        let fromObject = Result { () throws(StateFileError) in try StateFile.event(.object(object), index: 7, file: "s.json") }
        let fromParts = Result { () throws(StateFileError) in
            try StateFile.event(type: c.type, at: c.at, attributes: attributes, index: 7, file: "s.json")
        }
        switch (fromObject, fromParts) {
        case (.success(let expected), .success(let event)):
            #expect(event == expected)
            #expect(event.writtenObject == expected.writtenObject)
        case (.failure(let expected), .failure(let error)):
            #expect(error.description == expected.description)
        default:
            Issue.record("object: \(fromObject), parts: \(fromParts)")
        }
    }
}
