import Foundation
import Testing
import TestSupport

/// Repeatable awards on the command line (docs/evaluation.md, "Repeatable awards"): one unlock
/// entry per rising edge, `times`, points per unlock, and `--write-state` that stays idempotent.
@Suite struct RepeatableCommandTests {
    static let rules = RulecheckRun.casePath("x11_repeatable", "rules")
    static let state = RulecheckRun.casePath("x11_repeatable", "state.json")

    /// Worked out by hand: `busy_day` holds from 03-01 10:00 to the end of 03-02 (two events in
    /// 24 hours), then again from 03-05 11:00; the two-day streak milestone is reached on 03-02
    /// and, after the break of 03-03, again on 03-06.
    @Test func eachRisingEdgeUnlocksAgain() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let decision = try CommandLineTests.decision(["eval", Self.rules, "--state", Self.state, "--format", "json"])
        let unlocks = decision["unlocks"]?.arrayValue ?? []
        #expect(unlocks.compactMap { $0["id"]?.stringValue } == ["first", "busy_day", "daily_2", "busy_day", "daily_2"])
        #expect(unlocks.compactMap { $0["at"]?.stringValue } == [
            "2026-03-01T09:00:00Z", "2026-03-01T10:00:00Z", "2026-03-02T09:00:00Z", "2026-03-05T11:00:00Z", "2026-03-06T08:00:00Z",
        ])
        #expect(decision["achievements"]?["busy_day"]?["times"]?.numberValue == 2)
        #expect(decision["achievements"]?["daily_2"]?["times"]?.numberValue == 2)
        #expect(decision["achievements"]?["first"]?["times"] == nil)
        #expect(decision["points"]?.numberValue == 221)
    }

    /// The written state holds every unlock (same id, own `at`); evaluating it again unlocks
    /// nothing new and counts the same points and times.
    @Test func writtenStateIsIdempotent() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try CommandLineTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = folder.appendingPathComponent("state.json").path
        let first = try RulecheckRun.run(["eval", Self.rules, "--state", Self.state, "--write-state", written])
        #expect(first.status == 0, "\(first.stderr)")
        let stored = try #require(JSONTree.load(written)?["unlocked"]?.arrayValue)
        #expect(stored.filter { $0["id"] == .string("busy_day") }.count == 2)
        let again = try CommandLineTests.decision(["eval", Self.rules, "--state", written, "--format", "json"])
        #expect(again["unlocks"]?.arrayValue == [])
        #expect(again["points"]?.numberValue == 221)
        #expect(again["achievements"]?["daily_2"]?["times"]?.numberValue == 2)
        let twice = folder.appendingPathComponent("again.json").path
        #expect(try RulecheckRun.run(["eval", Self.rules, "--state", written, "--write-state", twice]).status == 0)
        #expect(JSONTree.load(twice)?["unlocked"]?.arrayValue?.count == stored.count)
        let text = try RulecheckRun.run(["eval", Self.rules, "--state", written])
        #expect(text.stdout.contains("Busy day (busy_day) since 2026-03-01T10:00:00Z, 2 times"))
        let explain = try RulecheckRun.run(["explain", Self.rules, "--state", written, "daily_2"])
        #expect(explain.stdout.contains("repeatable, unlocked 2 times"), "\(explain.stdout)")
    }
}
