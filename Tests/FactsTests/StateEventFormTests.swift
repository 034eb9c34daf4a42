import Facts
import JSON
import Testing

/// Events are held without their JSON objects (a million of them are most of a state's memory):
/// `type` and `at` are kept once, typed, and the object is rebuilt for `--write-state`. Whatever
/// the key order or the text of `at`, the document written back holds each event as written.
@Suite struct StateEventFormTests {
    @Test("an event object is written back exactly as read", arguments: [
        #"{"type": "focus_session", "at": "2026-01-05T09:00:00+08:00", "minutes": 25}"#,
        #"{"type": "task_completed", "at": "2026-01-05T09:00:00Z"}"#,
        #"{"at": "2026-01-05T09:00:00+08:00", "type": "at_first"}"#,
        #"{"minutes": 25, "type": "attribute_first", "at": "2026-01-05T09:00:00+08:00"}"#,
        #"{"type": "x", "note": "between", "at": "2026-01-05T09:00:00+08:00"}"#,
        #"{"type": "lowercase_t", "at": "2026-01-05t09:00:00+08:00"}"#,
        #"{"type": "lowercase_z", "at": "2026-01-05T09:00:00z"}"#,
        #"{"type": "plus_zero", "at": "2026-01-05T09:00:00+00:00"}"#,
        #"{"type": "minus_zero", "at": "2026-01-05T09:00:00-00:00"}"#,
        #"{"type": "fraction_trailing_zero", "at": "2026-01-05T09:00:00.500+08:00"}"#,
        #"{"type": "zero_fraction", "at": "2026-01-05T09:00:00.000Z"}"#,
        #"{"type": "fraction", "at": "2026-01-05T09:00:00.25-05:30"}"#,
        #"{"type": "a_type_name_longer_than_fifteen_bytes", "at": "2026-01-05T09:00:00Z", "big": 12345678901234567890, "dec": 0.1000000000000000055511}"#,
    ])
    func eventWrittenBackAsRead(event: String) throws {
        let text = #"{"schema": 1, "user": {"id": "u"}, "now": "2026-02-01T00:00:00Z", "events": [\#(event), \#(event)], "zz": 1}"#
        let state = try StateFile.parse(json: text)
        let expected = try JSONParser.parse(text)
        #expect(JSONWriter.write(.object(state.document), layout: .compact) == JSONWriter.write(expected, layout: .compact))
        #expect(state.document.keys == expected.objectValue?.keys)
    }

    /// Known types are found by their length and first sixteen bytes packed in two words (read
    /// eight bytes at a time): types of every length up to 20 that differ in one byte only, met
    /// twice each in turns, each keep their own text.
    @Test("event types of every length that differ in one byte keep their own text")
    func typesDifferingInOneByte() throws {
        var types: [String] = []
        for length in 1...20 {
            let stem = String(repeating: "t", count: length - 1)
            types += [stem + "a", stem + "b"]
            if length > 1 { types.append("a" + stem) }
        }
        let events = (types + types.reversed() + types).map { #"{"type": "\#($0)", "at": "2026-01-05T09:00:00Z"}"# }
        let state = try StateFile.parse(json: #"{"schema": 1, "user": {"id": "u"}, "events": [\#(events.joined(separator: ", "))]}"#)
        #expect(state.events.map(\.type) == types + types.reversed() + types)
    }

    @Test("attributes leave out type and at, in written order")
    func attributesWithoutTypeAndAt() throws {
        let state = try StateFile.parse(json: #"{"schema": 1, "user": {"id": "u"}, "events": [{"b": 1, "type": "x", "a": 2, "at": "2026-01-05T09:00:00Z", "c": 3}]}"#)
        let event = try #require(state.events.first)
        #expect(event.attributes.keys == ["b", "a", "c"])
        #expect(event.attributes.values == [.int(1), .int(2), .int(3)])
    }

    @Test("events sorted by time are written back in file order")
    func fileOrderIsKept() throws {
        let text = #"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "late", "at": "2026-01-06T09:00:00Z"}, {"type": "early", "at": "2026-01-05T09:00:00Z"}]}"#
        let state = try StateFile.parse(json: text)
        #expect(state.events.map(\.type) == ["early", "late"])
        #expect(JSONWriter.write(.object(state.document), layout: .compact) == JSONWriter.write(try JSONParser.parse(text), layout: .compact))
    }

    @Test("a moment is described by its text only when description writes that text", arguments: [
        ("2026-01-05T09:00:00+08:00", true), ("2026-01-05T09:00:00Z", true), ("2026-01-05T09:00:00.5Z", true),
        ("2026-01-05T09:00:00.123456789-03:30", true), ("2026-01-05t09:00:00Z", false), ("2026-01-05T09:00:00z", false),
        ("2026-01-05T09:00:00+00:00", false), ("2026-01-05T09:00:00-00:00", false), ("2026-01-05T09:00:00.50Z", false),
        ("2026-01-05T09:00:00.0+01:00", false),
    ])
    func describedBy(text: String, described: Bool) throws {
        let moment = try Moment.parse(text).get()
        #expect(moment.isDescribed(by: text) == described)
        #expect(moment.isDescribed(by: text) == (moment.description == text))
    }
}
