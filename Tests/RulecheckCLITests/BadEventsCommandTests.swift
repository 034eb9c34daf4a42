import Foundation
import Testing
import TestSupport

/// `--bad-events reject|skip` on `eval`, `explain`, `eval --batch` and `diff`: with `reject` (the
/// default) a state with an unreadable event fails at its JSON path; with `skip` it is decided
/// without it, each left-out event a `bad_event` warning, and `--write-state` loses none.
@Suite struct BadEventsCommandTests {
    static let rules = "Tests/RulecheckCLITests/Cases/c09_freeze_reserved_released/rules"
    /// Three check-ins and two events that cannot be read (not an object; no offset).
    static let state = #"{"schema": 1, "user": {"id": "bad"}, "now": "2026-05-03T12:00:00Z", "events": ["#
        + #"{"type": "check_in", "at": "2026-05-01T10:00:00Z"}, 42, "#
        + #"{"type": "check_in", "at": "2026-05-02T10:00:00Z"}, {"type": "check_in", "at": "2026-05-02T11:00:00"}, "#
        + #"{"type": "check_in", "at": "2026-05-03T10:00:00Z", "note": 1.50}]}"#

    static func stateFile() throws -> URL {
        let file = try CommandLineTests.scratchFolder().appendingPathComponent("state.json")
        try state.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func evalRejectsByDefaultAndSkipsWhenAsked() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let file = try Self.stateFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        for arguments in [[String](), ["--bad-events", "reject"]] {
            let run = try RulecheckRun.run(["eval", Self.rules, "--state", file.path, "--format", "json"] + arguments)
            #expect(run.status == 2 && run.stderr.contains("events[1]: expected an object"), "\(run.stderr)")
        }
        let run = try RulecheckRun.run(["eval", Self.rules, "--state", file.path, "--format", "json", "--bad-events", "skip"])
        #expect(run.status == 0, "\(run.stderr)")
        let decision = try #require(JSONTree.parse(run.stdout))
        #expect(decision["streaks"]?["checkin"]?["current"] == .number(3))
        let warnings = decision["warnings"]?.arrayValue?.filter { $0["code"] == .string("bad_event") } ?? []
        #expect(warnings.map { $0["event"] } == [.number(1), .number(3)])
        #expect(warnings.last?["message"]?.stringValue?.hasPrefix("events[3].at: ") == true)
        let bad = try RulecheckRun.run(["eval", Self.rules, "--state", file.path, "--bad-events", "drop"])
        #expect(bad.status != 0)
    }

    @Test func writeStateKeepsEverySkippedEventAsWritten() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let file = try Self.stateFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let run = try RulecheckRun.run(["eval", Self.rules, "--state", file.path, "--bad-events", "skip", "--write-state", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        let written = try #require(JSONTree.parse(String(contentsOf: file, encoding: .utf8)))
        #expect(written["events"] == JSONTree.parse(Self.state)?["events"])
        #expect(written["unlocked"]?.arrayValue?.map { $0["id"] } == [.string("three")])
        // The number literal of the skipped and the kept events alike stays as written.
        #expect(try String(contentsOf: file, encoding: .utf8).contains("1.50"))
    }

    @Test func explainSkipsWhenAsked() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let file = try Self.stateFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect(try RulecheckRun.run(["explain", Self.rules, "--state", file.path, "three"]).status == 2)
        let run = try RulecheckRun.run(["explain", Self.rules, "--state", file.path, "three", "--bad-events", "skip"])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func batchAndDiffSkipWhenAsked() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let file = try BatchEvalTests.ndjson([Self.state, Self.state])
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let rejected = try RulecheckRun.run(["eval", Self.rules, "--batch", "--states", file.path])
        #expect(rejected.status == 1 && rejected.stdout.contains(#""path":"events[1]""#), "\(rejected.stdout)")
        let skipped = try RulecheckRun.run(["eval", Self.rules, "--batch", "--states", file.path, "--bad-events", "skip"])
        #expect(skipped.status == 0, "\(skipped.stdout)")
        let lines = skipped.stdout.split(separator: "\n").compactMap { JSONTree.parse(String($0)) }
        #expect(lines.count == 2 && lines.allSatisfy { $0["streaks"]?["checkin"]?["current"] == .number(3) })
        for (arguments, errors) in [([String](), 2.0), (["--bad-events", "skip"], 0)] {
            let diff = try RulecheckRun.run(["diff", "--old", Self.rules, "--new", Self.rules, "--states", file.path,
                                             "--format", "json"] + arguments)
            #expect(JSONTree.parse(diff.stdout)?["errors"] == .number(errors), "\(diff.stdout)")
            #expect(JSONTree.parse(diff.stdout)?["states"] == .number(2))
        }
    }
}
