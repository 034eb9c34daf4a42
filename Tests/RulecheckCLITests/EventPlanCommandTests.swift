import Foundation
import Testing
import TestSupport

/// `event_not_in_plan` on the command line (docs/state-file.md, "Events and the tracking plan"):
/// in `eval --format json` and `text`, per state in `eval --batch`, and in `diff`'s warning
/// counts and `--fail-on`.
@Suite struct EventPlanCommandTests {
    static let planned = "Tests/schema/fixtures/planned/rules"
    static let unplanned = "Tests/schema/fixtures/unplanned/rules"
    static let states = "Tests/schema/fixtures/planned/states.ndjson"

    static func planWarnings(_ decision: JSONTree?) -> [String] {
        (decision?["warnings"]?.arrayValue ?? []).filter { $0["code"] == .string("event_not_in_plan") }
            .map { "\($0["path"]?.stringValue ?? "-") \($0["count"].map { "\($0)" } ?? "-") \($0["event"].map { "\($0)" } ?? "-")" }
    }

    @Test func evalGivesThePathAndTheCount() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let state = "Tests/schema/fixtures/planned/bad/plan_unknown_type.json"
        let json = try RulecheckRun.run(["eval", Self.planned, "--state", state, "--format", "json"])
        #expect(json.status == 0)
        #expect(Self.planWarnings(JSONTree.parse(json.stdout)) == ["events[2].type number(1.0) number(2.0)"])
        let text = try RulecheckRun.run(["eval", Self.planned, "--state", state])
        #expect(text.stdout.contains("event_not_in_plan: 1 event of type 'focus_sesion', which the tracking plan does not have; did you mean 'focus_session'? [events[2].type]"), "\(text.stdout)")
        let unplanned = try RulecheckRun.run(["eval", Self.unplanned, "--state", state, "--format", "json"])
        #expect(Self.planWarnings(JSONTree.parse(unplanned.stdout)).isEmpty)
    }

    @Test func batchChecksEveryState() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["eval", Self.planned, "--batch", "--states", Self.states])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map { Self.planWarnings(JSONTree.parse(String($0))) }
        #expect(lines.map(\.count) == [0, 0, 1, 1, 1, 1, 1])
        #expect(lines[3] == ["events[1].category number(1.0) number(1.0)"])
    }

    @Test func diffCountsTheStatesAndFailsOnTheCode() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let arguments = ["diff", "--old", Self.unplanned, "--new", Self.planned, "--states", Self.states, "--format", "json"]
        let run = try RulecheckRun.run(arguments)
        #expect(run.status == 0)
        let counts = JSONTree.parse(run.stdout)?["warnings"]?["event_not_in_plan"]
        #expect(counts?["old"] == .number(0) && counts?["new"] == .number(5), "\(run.stdout)")
        #expect(try RulecheckRun.run(arguments + ["--fail-on", "event_not_in_plan"]).status == 1)
        let same = try RulecheckRun.run(["diff", "--old", Self.planned, "--new", Self.planned, "--states", Self.states,
                                         "--format", "json", "--fail-on", "event_not_in_plan"])
        #expect(same.status == 0)
    }
}
