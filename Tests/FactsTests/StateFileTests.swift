import Foundation
import JSON
import StateFileYAML
import Testing
@testable import Facts

struct StateFileTests {
    static let minimal = #"{"schema": 1, "user": {"id": "u1"}, "events": []}"#

    @Test func minimalStateLoads() throws {
        let state = try StateFile.parse(json: Self.minimal, file: "s.json")
        #expect(state.userID == "u1")
        #expect(state.events.isEmpty)
        #expect(state.now == nil)
    }

    @Test("every error names the JSON path", arguments: [
        (#"[]"#, "s.json: the state must be a JSON object, found an array"),
        (#"{"user": {"id": "u"}, "events": []}"#, "s.json: schema: missing required key 'schema' (write \"schema\": 1)"),
        (#"{"schema": 2, "user": {"id": "u"}, "events": []}"#, "s.json: schema: unsupported schema; expected 1"),
        (#"{"schema": 1, "events": []}"#, "s.json: user: missing required key 'user'"),
        (#"{"schema": 1, "user": {}, "events": []}"#, "s.json: user.id: missing required key 'id'"),
        (#"{"schema": 1, "user": {"id": 4}, "events": []}"#, "s.json: user.id: expected a string, found a number"),
        (#"{"schema": 1, "user": {"id": "u"}}"#, "s.json: events: missing required key 'events' (an empty list is fine)"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": {}}"#, "s.json: events: expected an array of events, found an object"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [{"at": "2026-01-01T00:00:00Z"}]}"#,
         "s.json: events[0].type: missing required key 'type'"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "x"}]}"#, "s.json: events[0].at: missing required key 'at'"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "x", "at": "2026-01-01T00:00:00Z"}, {"type": "x", "at": "2026-01-05T10:00:00"}]}"#,
         "s.json: events[1].at: timestamp has no UTC offset"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "x", "at": "2026-02-30T10:00:00Z"}]}"#,
         "s.json: events[0].at: not an RFC 3339 timestamp (like 2026-01-05T23:10:00+08:00)"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "x", "at": 5}]}"#,
         "s.json: events[0].at: expected a string, found a number"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "x", "at": "2026-01-01T00:00:00Z", "day": "2026-01-01"}]}"#,
         "s.json: events[0].day: 'day' is computed by rulecheck and cannot be an event attribute; rename it"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "x", "at": "2026-01-01T00:00:00Z", "late": true}]}"#,
         "s.json: events[0].late: 'late' is computed by rulecheck and cannot be an event attribute; rename it"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "x", "at": "2026-01-01T00:00:00Z", "week": "2026-W01"}]}"#,
         "s.json: events[0].week: 'week' is computed by rulecheck and cannot be an event attribute; rename it"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [], "backfill": "2026-01-01T00:00:00Z"}"#,
         "s.json: backfill: expected an object, found a string"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [], "backfill": {}}"#,
         "s.json: backfill.at: missing required key 'at' (the moment of the first evaluation)"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [], "backfill": {"at": "2026-01-01T00:00:00"}}"#,
         "s.json: backfill.at: timestamp has no UTC offset"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "level_completed", "at": "2026-01-01T00:00:00Z"}]}"#,
         "s.json: events[0]: a level_completed event needs 'level'"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "level_completed", "at": "2026-01-01T00:00:00Z", "level": "a", "moves": 1.5}]}"#,
         "s.json: events[0].moves: expected a whole number ≥ 0, found a number"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "day_planned", "at": "2026-01-01T00:00:00Z", "tasks": -1}]}"#,
         "s.json: events[0].tasks: expected a whole number of tasks ≥ 0"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "day_planned", "at": "2026-01-01T00:00:00Z"}]}"#,
         "s.json: events[0]: a day_planned event needs 'tasks'"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "day_planned", "at": "2026-01-01T00:00:00Z", "tasks": 2, "date": "2026-1-7"}]}"#,
         "s.json: events[0].date: '2026-1-7' is not a date like 2026-01-07"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "kill_time_changed", "at": "2026-01-01T00:00:00Z"}]}"#,
         "s.json: events[0]: a kill_time_changed event needs 'to' (\"HH:MM\")"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "freeze_used", "at": "2026-01-01T00:00:00Z", "streak": 3}]}"#,
         "s.json: events[0].streak: expected a string, found a number"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [], "now": "2026-01-01 10:00"}"#,
         "s.json: now: not an RFC 3339 timestamp (like 2026-01-05T23:10:00+08:00)"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [], "levels": {"n1": {"completed_at": "2026-01-01T10:00:00"}}}"#,
         "s.json: levels.n1.completed_at: timestamp has no UTC offset"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [], "counters": []}"#, "s.json: counters: expected an object, found an array"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [], "unlocked": [{"id": "a"}]}"#, "s.json: unlocked[0].at: missing required key 'at'"),
        (#"{"schema": 1, "user": {"id": "u"}, "events": [,]}"#, "s.json:1:47: events[0]: unexpected ','; expected a value"),
    ])
    func errors(json: String, message: String) {
        do {
            _ = try StateFile.parse(json: json, file: "s.json")
            Issue.record("expected an error: \(message)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func eventsAreSortedStablyAndKeepTheirIndex() throws {
        let state = try StateFile.parse(json: #"""
        {"schema": 1, "user": {"id": "u"}, "events": [
          {"type": "c", "at": "2026-01-02T00:00:00Z"},
          {"type": "a", "at": "2026-01-01T09:00:00+01:00"},
          {"type": "b", "at": "2026-01-01T08:00:00Z"},
          {"type": "d", "at": "2026-01-01T08:00:00Z"}
        ]}
        """#)
        #expect(state.events.map(\.type) == ["a", "b", "d", "c"])
        #expect(state.events.map(\.index) == [1, 2, 3, 0])
        #expect(state.events[0].at.offsetSeconds == 3600)
    }

    @Test func reservedEventsAreTyped() throws {
        let state = try StateFile.parse(json: #"""
        {"schema": 1, "user": {"id": "u"}, "events": [
          {"type": "level_completed", "at": "2026-01-01T00:00:01Z", "level": "n1", "difficulty": "easy", "time": 73.2, "moves": 41},
          {"type": "day_planned", "at": "2026-01-01T00:00:02Z", "date": "2026-01-07", "tasks": 5},
          {"type": "kill_time_changed", "at": "2026-01-01T00:00:03Z", "to": "21:00"},
          {"type": "kill_time_changed", "at": "2026-01-01T00:00:04Z", "to": "25:00"},
          {"type": "freeze_used", "at": "2026-01-01T00:00:05Z", "streak": "s"},
          {"type": "task_completed", "at": "2026-01-01T00:00:06Z"},
          {"type": "focus_session", "at": "2026-01-01T00:00:07Z", "minutes": 25}
        ]}
        """#)
        #expect(state.events.map(\.kind) == [
            .levelCompleted(level: "n1", difficulty: "easy", time: 73.2, moves: 41),
            .dayPlanned(date: LocalDay("2026-01-07"), tasks: 5),
            .killTimeChanged(date: nil, to: .time(21 * 60)),
            .killTimeChanged(date: nil, to: .invalid("25:00")),
            .freezeUsed(date: nil, streak: "s"),
            .taskCompleted,
            .other,
        ])
        #expect(state.events[6].attributes == JSONObject([("minutes", .int(25))]))
    }

    @Test func snapshotUnlocksCountersAndUnknownKeys() throws {
        let state = try StateFile.parse(json: #"""
        {"schema": 1, "app_data": {"x": 1}, "user": {"id": "u", "timezone": "Asia/Shanghai", "name": "A"},
         "now": "2026-02-01T09:00:00+08:00", "events": [],
         "levels": {"n2": {"completed": true, "completed_at": "2025-12-30T10:00:00+08:00", "best_time": 80.5, "best_moves": 52}},
         "counters": {"custom_categories": 3},
         "unlocked": [{"id": "habit_3_days", "at": "2026-01-03T09:00:00+08:00", "catalog_version": 2}],
         "zz_later": true}
        """#)
        #expect(state.userTimeZone == "Asia/Shanghai")
        #expect(state.now?.description == "2026-02-01T09:00:00+08:00")
        #expect(state.levels == [LevelSnapshot(level: "n2", completed: true,
                                               completedAt: try Moment.parse("2025-12-30T10:00:00+08:00").get(),
                                               bestTime: 80.5, bestMoves: 52)])
        #expect(state.counters["custom_categories"] == .int(3))
        #expect(state.unlocked.map(\.id) == ["habit_3_days"])
        #expect(state.unlocked.first?.catalogVersion == 2)
        #expect(state.unknownKeys == ["app_data", "zz_later"])
        // The document is kept as written for write-back.
        #expect(state.document.keys.first == "schema")
        #expect(state.document.keys.last == "zz_later")
    }

    @Test func yamlStateReadsLikeJSON() throws {
        let state = try StateFile.parse(yaml: """
        schema: 1
        user: { id: u9 }
        now: 2026-01-08T00:00:00Z
        events:
          - { type: check_in, at: 2026-01-02T10:00:00Z, mood: yes, score: 4.0 }
        """, file: "s.yaml")
        #expect(state.userID == "u9")
        #expect(state.events.first?.attributes["mood"] == .string("yes"))
        #expect(state.events.first?.attributes["score"] == .double(4.0))
    }

    @Test func yamlErrorsNameThePathToo() {
        #expect(throws: StateFileError(file: "s.yaml", path: JSONPath([.key("events"), .index(0), .key("at")]),
                                       message: "timestamp has no UTC offset")) {
            try StateFile.parse(yaml: "schema: 1\nuser: {id: u}\nevents:\n  - {type: x, at: '2026-01-02T10:00:00'}\n", file: "s.yaml")
        }
    }

    @Test func loadReadsFilesByExtension() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("facts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("s.json").path
        let yaml = directory.appendingPathComponent("s.yml").path
        try Self.minimal.write(toFile: json, atomically: true, encoding: .utf8)
        try "schema: 1\nuser: {id: y}\nevents: []\n".write(toFile: yaml, atomically: true, encoding: .utf8)
        #expect(try StateFile.load(path: json).userID == "u1")
        #expect(try StateFile.load(path: yaml).userID == "y")
        #expect(throws: StateFileError.self) { try StateFile.load(path: directory.appendingPathComponent("none.json").path) }
    }

    @Test("timestamps", arguments: [
        ("2026-01-05T23:10:00+08:00", "2026-01-05T23:10:00+08:00", Int64(1_767_625_800)),
        ("2026-01-05t15:10:00z", "2026-01-05T15:10:00Z", 1_767_625_800),
        ("2026-01-05T10:10:00.250-05:00", "2026-01-05T10:10:00.25-05:00", 1_767_625_800),
        ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z", -1),
    ])
    func timestamps(text: String, written: String, seconds: Int64) throws {
        let moment = try Moment.parse(text).get()
        #expect(moment.description == written)
        #expect(moment.instant.seconds == seconds)
    }
}
