import Evaluation
import Facts
import Foundation
import JSON
import Rules
import Testing

/// docs/state-file.md; README.md, "Command line": `--write-state` keeps every key, persists every unlock, is atomic, and
/// evaluating what it wrote unlocks nothing new (idempotence).
@Suite struct StateWriteBackTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("write-back-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writtenStateKeepsUnknownKeysAndUnlocksNothingWhenEvaluatedAgain() throws {
        let fixture = try ScenarioFixture("write_back")
        let rules = try fixture.rules()
        let state = try fixture.state()
        let now = try #require(state.now)
        let first = Replay(rules: rules).run(try StateFacts(state: state, rules: rules, now: now)).decision
        #expect(first.unlockTimes == ["first_check_in@2026-03-01T09:00:00+08:00", "two_days@2026-03-02T09:30:00+08:00",
                                      "nianhua_complete@2026-03-03T10:00:00+08:00"])

        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let path = out.appendingPathComponent("state.json").path
        try StateWriteBack(state: state, newUnlocks: first.unlocks).write(to: path)
        // Nothing but the written file is left in the folder (the temporary file was renamed).
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["state.json"])

        let written = try StateFile.load(jsonPath: path)
        #expect(written.document.keys == state.document.keys)
        #expect(written.document["app_data"] == state.document["app_data"])
        #expect(written.document["zz_trailing"] == .bool(true))
        #expect(written.user == state.user)
        let unlocked = try #require(written.document["unlocked"]?.arrayValue)
        #expect(unlocked.first == state.document["unlocked"]?.arrayValue?.first)  // the stored entry, as written
        #expect(unlocked.dropFirst().map { $0.objectValue?["id"]?.stringValue } == ["first_check_in", "two_days", "nianhua_complete"])
        #expect(unlocked.last?.objectValue?["catalog_version"] == .int(2))

        let second = Replay(rules: rules).run(try StateFacts(state: written, rules: rules, now: now)).decision
        #expect(second.unlocks.isEmpty)
        #expect(second.points == first.points)
        #expect(second.rank == first.rank)
        for unlock in first.unlocks {
            #expect(second.achievement(unlock.id)?.unlockedAt == unlock.at)
            #expect(second.achievement(unlock.id)?.state == .unlocked)
        }
        #expect(second.achievements.map(\.progress) == first.achievements.map(\.progress))
        #expect(second.warnings.map(\.code) == ["unknown_achievement"])
    }

    @Test func aFailedWriteLeavesNothingBehind() throws {
        let state = try ScenarioFixture("write_back").state()
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let missing = out.appendingPathComponent("no/such/folder/state.json").path
        #expect(throws: StateWriteError.self) { try StateWriteBack(state: state, newUnlocks: []).write(to: missing) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
        // A folder where the file should be cannot be replaced by the rename.
        let blocked = out.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(throws: StateWriteError.self) { try StateWriteBack(state: state, newUnlocks: []).write(to: blocked.path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["taken"])
    }

    @Test func anExistingFileIsReplacedWhole() throws {
        let state = try ScenarioFixture("write_back").state()
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let path = out.appendingPathComponent("state.json").path
        try String(repeating: "x", count: 100_000).write(toFile: path, atomically: false, encoding: .utf8)
        try StateWriteBack(state: state, newUnlocks: []).write(to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == StateWriteBack(state: state, newUnlocks: []).text)
        #expect(try StateFile.load(jsonPath: path).userID == "writer")
    }

    @Test func theFirstWriteFixesTheBackfillCutOffAndTheStreakGrowsPastTheCap() throws {
        let fixture = try ScenarioFixture("backfill")
        let rules = try fixture.rules()
        var state = try fixture.state()
        let firstNow = try #require(state.now)
        // First evaluation: five days of history, three taken in (cut-off 2026-04-03).
        let first = Replay(rules: rules).run(try StateFacts(state: state, rules: rules, now: firstNow)).decision
        #expect(first.streaks.first?.current == 3)
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let path = out.appendingPathComponent("state.json").path
        try StateWriteBack(state: state, newUnlocks: first.unlocks, now: firstNow).write(to: path)
        state = try StateFile.load(jsonPath: path)
        #expect(state.backfillAt?.instant == firstNow.instant)
        #expect(state.document["app_data"] != nil)

        // Four more days later the cut-off has not moved: 3 + 4 days, past the cap of 3.
        var events = state.document["events"]?.arrayValue ?? []
        for day in 6...9 {
            events.append(.object(JSONObject([("type", .string("check_in")), ("at", .string("2026-04-0\(day)T09:00:00+08:00"))])))
        }
        var document = state.document
        document["events"] = .array(events)
        let later = try StateFile.decode(.object(document))
        let laterNow = try Moment.parse("2026-04-09T12:00:00+08:00").get()
        let second = Replay(rules: rules).run(try StateFacts(state: later, rules: rules, now: laterNow)).decision
        #expect(second.streaks.first?.current == 7)
        #expect(second.unlockTimes == ["daily_5@2026-04-07T09:00:00+08:00"])

        // Writing again never moves `backfill.at`.
        let again = StateWriteBack(state: later, newUnlocks: second.unlocks, now: laterNow)
        #expect(again.document["backfill"] == state.document["backfill"])
    }
}
