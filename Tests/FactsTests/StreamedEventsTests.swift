import Facts
import Foundation
import JSON
import Testing
import TestSupport

/// `StateFile.parse` decodes each event as the parser reads it, and a plain event object
/// straight from its bytes (`JSONFlatObject`). Whatever the events, it must give what decoding
/// the whole parsed document gives: the same state, or the same error with the same path, line
/// and column.
@Suite struct StreamedEventsTests {
    static func streamed(_ text: String) -> Result<StateFile, StateFileError> {
        Result { () throws(StateFileError) -> StateFile in try StateFile.parse(json: text) }
    }

    /// The whole document parsed first, then decoded: the reading before streaming.
    static func whole(_ text: String) -> Result<StateFile, StateFileError> {
        Result { () throws(StateFileError) -> StateFile in
            let document: JSONValue
            do throws(JSONParseError) {
                document = try JSONParser.parse(text)
            } catch {
                throw StateFileError(file: "", path: error.path, message: error.message, line: error.line, column: error.column)
            }
            return try StateFile.decode(document)
        }
    }

    static func expectSame(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        switch (streamed(text), whole(text)) {
        case (.success(let a), .success(let b)):
            #expect(a.events == b.events, "\(text)", sourceLocation: sourceLocation)
            #expect(JSONWriter.write(.object(a.document), layout: .compact) == JSONWriter.write(.object(b.document), layout: .compact),
                    "\(text)", sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)):
            #expect(a.path == b.path && a.message == b.message && a.line == b.line && a.column == b.column,
                    "\(text): \(a) vs \(b)", sourceLocation: sourceLocation)
        case (let a, let b):
            Issue.record("\(text): streamed \(a), whole \(b)", sourceLocation: sourceLocation)
        }
    }

    static func state(_ events: String) -> String {
        #"{"schema": 1, "user": {"id": "u"}, "now": "2026-02-01T00:00:00Z", "events": [\#(events)], "zz": 1}"#
    }

    @Test("event objects of every kind, each alone and after a plain one", arguments: [
        // Plain: read from the bytes.
        #"{"type": "focus_session", "at": "2026-01-05T09:00:00+08:00", "minutes": 25}"#,
        #"{"type": "task_completed", "at": "2026-01-05T09:00:00Z"}"#,
        #"{"at": "2026-01-05T09:00:00+08:00", "type": "at_first"}"#,
        #"{"type": "x", "note": "between", "at": "2026-01-05T09:00:00.500+08:00", "ok": true, "none": null, "n": -1.5e3}"#,
        #"{"type": "plus_zero", "at": "2026-01-05T09:00:00+00:00"}"#,
        #"{"type": "lowercase", "at": "2026-01-05t09:00:00z"}"#,
        #"{"type": "task_created", "at": "2026-01-05T09:00:00Z", "category": "工作"}"#,
        #"{"type": "day_planned", "at": "2026-01-05T09:00:00Z", "tasks": 3, "date": "2026-01-05"}"#,
        #"{"type": "level_completed", "at": "2026-01-05T09:00:00Z", "level": "1-1", "time": 12.5, "moves": 30}"#,
        #"{"type": "kill_time_changed", "at": "2026-01-05T09:00:00Z", "to": "25:00"}"#,
        #"{"type": "freeze_used", "at": "2026-01-05T09:00:00Z", "streak": "daily"}"#,
        #"{"type": "a_type_name_longer_than_fifteen_bytes", "at": "2026-01-05T09:00:00Z", "big": 12345678901234567890}"#,
        // Not plain: read as values.
        #"{"type": "nested", "at": "2026-01-05T09:00:00Z", "tags": ["a", "b"], "meta": {"k": 1}}"#,
        #"{"type": "esc\"aped", "at": "2026-01-05T09:00:00Z"}"#,
        #"{"type": "x", "at": "2026-01-05T09:00:00Z", "a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "j": 10, "k": 11, "l": 12, "m": 13, "n": 14, "o": 15}"#,
        #"{}"#, #"[]"#, #""text""#, #"42"#, #"null"#,
        // Problems the decoder names.
        #"{"at": "2026-01-05T09:00:00Z"}"#,
        #"{"type": "", "at": "2026-01-05T09:00:00Z"}"#,
        #"{"type": 7, "at": "2026-01-05T09:00:00Z"}"#,
        #"{"type": "x"}"#,
        #"{"type": "x", "at": "2026-01-05T09:00:00"}"#,
        #"{"type": "x", "at": "2026-13-05T09:00:00Z"}"#,
        #"{"type": "x", "at": 5}"#,
        #"{"type": "x", "at": "2026-01-05T09:00:00Z", "hour": 3}"#,
        #"{"type": "day_planned", "at": "2026-01-05T09:00:00Z"}"#,
        #"{"type": "day_planned", "at": "2026-01-05T09:00:00Z", "tasks": -1}"#,
        #"{"type": "level_completed", "at": "2026-01-05T09:00:00Z"}"#,
        #"{"type": "freeze_used", "at": "2026-01-05T09:00:00Z", "date": "Monday"}"#,
        // Problems the parser names.
        #"{"type": "x", "type": "y", "at": "2026-01-05T09:00:00Z"}"#,
        #"{"type": "x", "at": "2026-01-05T09:00:00Z",}"#,
        #"{"type": "x" "at": "2026-01-05T09:00:00Z"}"#,
        #"{"type": "x", "at": "2026-01-05T09:00:00Z", "n": 01}"#,
        #"{"type": "x", "at": "2026-01-05T09:00:00Z", "n": tru}"#,
        "{\"type\": \"x\",\n \"at\": \"2026-01-05T09:00:00Z\", \"bad\": \"\u{01}\"}",
        "{\"type\": \"x\", \"at\": \"2026-01-05T09:00:00Z\", \"bad\": \"\\u12\"}",
        #"{"type": "x", "at": "2026-01-05T09:00:00Z""#,
    ])
    func event(object: String) {
        Self.expectSame(Self.state(object))
        Self.expectSame(Self.state(#"{"type": "plain", "at": "2026-01-04T09:00:00Z", "minutes": 5},"# + "\n  " + object))
        Self.expectSame(Self.state(object + #", {"type": "plain", "at": "2026-01-04T09:00:00Z"}"#))
    }

    @Test("an event error is named after a document error before it, and before one after it")
    func errorOrder() {
        let bad = #"{"type": "x"}"#
        // `user` is checked before `events`, a syntax error anywhere comes first.
        Self.expectSame(#"{"schema": 1, "user": 5, "events": [\#(bad)]}"#)
        Self.expectSame(#"{"schema": 1, "user": {"id": "u"}, "events": [\#(bad)], "zz": [1,]}"#)
        Self.expectSame(#"{"schema": 1, "user": {"id": "u"}, "events": [\#(bad), {"type": "y"}]}"#)
        Self.expectSame(#"{"schema": 1, "user": {"id": "u"}, "events": "none"}"#)
        Self.expectSame(#"{"schema": 1, "user": {"id": "u"}, "wrapper": {"events": [\#(bad)]}, "events": []}"#)
    }

    @Test("a whole example history reads the same")
    func exampleHistory() throws {
        let root = Repository.root
        let text = try String(contentsOf: root.appendingPathComponent("examples/taskmate/long_time_user.json"), encoding: .utf8)
        Self.expectSame(text)
    }
}
