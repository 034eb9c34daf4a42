import Facts
import JSON
import RuleModel
import StateFileYAML
import Testing

/// Reading a state whose few events cannot be read (docs/state-file.md, "Bad events"): with
/// `skip` each is left out with its JSON path and message, the rest is read as usual, and the
/// document written back holds every event as it was; with `reject` the first one fails the file.
@Suite struct BadEventsTests {
    static func state(_ events: [String], now: String = "2026-03-05T12:00:00+08:00") -> String {
        #"{"schema": 1, "user": {"id": "b"}, "now": "\#(now)", "events": [\#(events.joined(separator: ", "))]}"#
    }

    static func events(_ document: JSONValue) -> JSONValue? {
        guard case .object(let object) = document else { return nil }
        return object["events"]
    }

    static let good = #"{"type": "check_in", "at": "2026-03-03T10:00:00+08:00"}"#

    /// One unreadable event of each kind the format knows, and the path its error names.
    @Test(arguments: [
        ("42", "events[1]"),
        (#"["check_in"]"#, "events[1]"),
        (#"{"at": "2026-03-04T10:00:00+08:00"}"#, "events[1].type"),
        (#"{"type": 7, "at": "2026-03-04T10:00:00+08:00"}"#, "events[1].type"),
        (#"{"type": "check_in"}"#, "events[1].at"),
        (#"{"type": "check_in", "at": "2026-03-04T10:00:00"}"#, "events[1].at"),
        (#"{"type": "check_in", "at": "yesterday"}"#, "events[1].at"),
        (#"{"type": "day_planned", "at": "2026-03-04T09:00:00+08:00", "tasks": "three"}"#, "events[1].tasks"),
        (#"{"type": "level_completed", "at": "2026-03-04T09:00:00+08:00", "level": 3}"#, "events[1].level"),
        (#"{"type": "freeze_used", "at": "2026-03-04T09:00:00+08:00", "date": "March 3"}"#, "events[1].date"),
        (#"{"type": "check_in", "at": "2026-03-04T10:00:00+08:00", "weekday": 3}"#, "events[1].weekday"),
    ])
    func eachUnreadableEventIsSkippedWithItsPath(bad: String, path: String) throws {
        let text = Self.state([Self.good, bad, Self.good.replacingOccurrences(of: "03T", with: "05T")])
        #expect(throws: StateFileError.self) { try StateFile.parse(json: text) }
        do {
            _ = try StateFile.parse(json: text)
        } catch {
            #expect(error.path.description == path)
        }
        let state = try StateFile.parse(json: text, badEvents: .skip)
        #expect(state.events.map(\.index) == [0, 2])
        #expect(state.skippedEvents.map(\.index) == [1])
        #expect(state.skippedEvents.first?.error.path.description == path)
        // Written back as it was: the events array equals the one read, in place.
        let written = JSONWriter.write(.object(state.document))
        #expect(try Self.events(JSONParser.parse(written)) == Self.events(JSONParser.parse(text)))
        // Read through the whole document too (what YAML states and rule tests go through).
        let decoded = try StateFile.decode(JSONParser.parse(text), badEvents: .skip)
        #expect(decoded.skippedEvents.map(\.error.path.description) == [path])
    }

    /// What still fails with `skip`: the file as a whole.
    @Test(arguments: [
        (#"{"schema": 1, "user": {"id": "b"}, "events": [42"#, ""),
        (#"{"schema": 2, "user": {"id": "b"}, "events": [42]}"#, "schema"),
        (#"{"schema": 1, "user": {}, "events": [42]}"#, "user.id"),
        (#"{"schema": 1, "user": {"id": "b"}, "events": {"type": "x"}}"#, "events"),
    ])
    func wholeFileProblemsStillFail(text: String, path: String) {
        do {
            _ = try StateFile.parse(json: text, badEvents: .skip)
            Issue.record("read")
        } catch {
            if !path.isEmpty { #expect(error.path.description == path, "\(error)") }
        }
    }

    /// A YAML state reads the same way.
    @Test func yamlStateSkipsAlike() throws {
        let yaml = """
            schema: 1
            user: { id: y }
            events:
              - { type: check_in, at: "2026-03-03T10:00:00+08:00" }
              - { type: check_in }

            """
        let state = try StateFile.parse(yaml: yaml, badEvents: .skip)
        #expect(state.events.count == 1 && state.skippedEvents.map(\.error.path.description) == ["events[1].at"])
        #expect(throws: StateFileError.self) { try StateFile.parse(yaml: yaml) }
    }

    /// The first 100 are warned about one by one with their path and index, then one warning
    /// counts the rest; event indices stay those of the file.
    @Test func warningsListTheFirstHundredThenCountTheRest() throws {
        let events = [Self.good] + Array(repeating: "42", count: 103) + [Self.good.replacingOccurrences(of: "03T", with: "04T")]
        let state = try StateFile.parse(json: Self.state(events), badEvents: .skip)
        #expect(state.events.map(\.index) == [0, 104])
        let rules = RuleSet()
        let now = try #require(state.now)
        let timeline = try FactTimeline(state: state, rules: rules, now: now)
        let warnings = timeline.facts(at: now).warnings.filter { $0.code == .badEvent }
        #expect(warnings.count == 101)
        #expect(warnings.first?.event == 1 && warnings.first?.message.hasPrefix("events[1]: ") == true)
        #expect(warnings[99].event == 100)
        #expect(warnings.last?.event == nil && warnings.last?.message.hasPrefix("3 more events") == true)
    }
}
