import Foundation
import Testing
import TestSupport

/// Rule tests files (docs/guide.md, "Rule tests"): problems found when the file loads carry their
/// position; `unlocked_at`, `modules` and `holds` work end to end, and every failure names the
/// tests file, line and column of the expectation that failed.
@Suite struct RuleTestFileTests {
    static let badTests = RulecheckRun.casePath("x08_bad_tests")
    static let keys = RulecheckRun.casePath("x09_rule_test_keys")

    /// `tests: []`, an unknown expected id, `now: garbage`, a `holds` that is not a condition.
    @Test(arguments: [
        ("empty.yaml", "E440", 2, 8, "no test"),
        ("tests.yaml", "E212", 5, 10, "garbage"),
        ("tests.yaml", "E441", 7, 16, "did you mean 'first_event'"),
        ("tests.yaml", "E301", 9, 11, "holds[0]"),
    ])
    func badTestsFileIsDiagnosed(file: String, code: String, line: Int, column: Int, keyword: String) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let rules = (Self.badTests as NSString).appendingPathComponent("rules")
        let run = try RulecheckRun.run(["validate", rules, "--format", "json"])
        #expect(run.status == 1)
        let diagnostics = try #require(JSONTree.parse(run.stdout)?["diagnostics"]?.arrayValue)
        #expect(diagnostics.contains {
            ($0["file"]?.stringValue ?? "").hasSuffix("/rules/\(file)") && $0["code"] == .string(code)
                && $0["line"]?.numberValue == Double(line) && $0["column"]?.numberValue == Double(column)
                && ($0["message"]?.stringValue ?? "").contains(keyword)
        }, "\(diagnostics.map(\.brief))")
        let test = try RulecheckRun.run(["test", rules])
        #expect(test.status == 1)
        #expect(test.stderr.contains("rules/\(file):\(line):\(column): error[\(code)]"), "\(test.stderr)")
    }

    /// The passing test uses every new key; the failing one reports each expectation at its place.
    @Test func newKeysPassAndFailuresNameTheirLine() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["test", "rules"], in: Self.keys)
        #expect(run.status == 1)
        #expect(run.stdout == """
            FAIL  rules/tests.yaml:24:5: every failure names its line
                  rules/tests.yaml:28:22: unlocked_at.first_event: expected 2026-03-01T01:00:01Z, got 2026-03-01T09:00:00+08:00
                  rules/tests.yaml:30:41: modules.puzzle_done.catalog_version: expected 2, got 1
                  rules/tests.yaml:30:56: modules.puzzle_done.new_levels: expected 0, got 1
                  rules/tests.yaml:33:11: holds[1]: expected 'streaks.daily.current == 5' to be true, got false
            1 passed, 1 failed

            """)
    }

    /// `eval`, `explain` and `compile` skip a file of rule tests unread (docs/guide.md, "Rule
    /// tests"): the rules beside `x08`'s broken tests files evaluate; `validate` reports them
    /// (above). A file that mixes `tests` with rules is still read, and its error still stops them.
    @Test func evaluationSkipsTestsFilesButNotMixedOnes() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-skip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state.json").path
        try #"{"schema": 1, "user": {"id": "u"}, "now": "2026-03-02T00:00:00Z", "events": [{"type": "x", "at": "2026-03-01T09:00:00Z"}]}"#
            .write(toFile: state, atomically: true, encoding: .utf8)
        let rules = (Self.badTests as NSString).appendingPathComponent("rules")

        let eval = try RulecheckRun.run(["eval", rules, "--state", state, "--format", "json"])
        #expect(eval.status == 0, "\(eval.stderr)")
        let unlocks = JSONTree.parse(eval.stdout)?["unlocks"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(unlocks == ["first_event"], "\(eval.stdout)")
        let explain = try RulecheckRun.run(["explain", rules, "--state", state, "first_event"])
        #expect(explain.status == 0, "\(explain.stderr)")

        let mixed = folder.appendingPathComponent("mixed.yaml").path
        try "schema: 1\ntests: []\nachievements:\n  - id: other\n    title: Other\n    when: true\n"
            .write(toFile: mixed, atomically: true, encoding: .utf8)
        let refused = try RulecheckRun.run(["eval", rules, mixed, "--state", state])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("mixed.yaml:"), "\(refused.stderr)")
    }
}
