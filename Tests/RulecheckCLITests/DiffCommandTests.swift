import Foundation
import Testing
import TestSupport

/// `rulecheck diff` end to end (docs/diff.md), on `Cases/d01_diff` (old and new rule files and seven
/// state lines whose effects were worked out by hand) and on temporary git repositories.
@Suite(.enabled(if: RulecheckRun.binaryExists, Comment(rawValue: RulecheckRun.binaryMissingMessage)))
struct DiffCommandTests {
    static let folder = RulecheckRun.casePath("d01_diff")
    static var oldNew: [String] { ["diff", "--old", "\(folder)/old", "--new", "\(folder)/new"] }
    static var states: [String] { ["--states", "\(folder)/states.ndjson"] }

    @Test func jsonGivesTheRuleChangesAndTheEffectsWorkedOutByHand() throws {
        let run = try RulecheckRun.run(Self.oldNew + Self.states + ["--format", "json", "--jobs", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(JSONTree.parse(run.stdout))
        let changes = json["changes"]?.arrayValue ?? []
        let summary = changes.map { "\($0["change"]?.stringValue ?? "") \($0["kind"]?.stringValue ?? "") \($0["id"]?.stringValue ?? "")" }
        #expect(summary == ["changed achievement first", "changed achievement three", "changed achievement again",
                            "added achievement five", "added achievement gold_member", "removed achievement retired"])
        #expect(changes[0]["keys"] == .array([.string("points")]))
        #expect(changes[0]["line"] == .number(9))
        #expect(changes[0]["file"]?.stringValue?.hasSuffix("d01_diff/new/rules.yaml") == true)
        #expect(changes[5]["file"]?.stringValue?.hasSuffix("d01_diff/old/rules.yaml") == true)
        #expect(changes[5]["line"] == .number(16))
        #expect(json["states"] == .number(7))
        #expect(json["errors"] == .number(1))
        #expect(json["error_lines"] == .array([.number(5)]))
        #expect(json["changed_states"] == .number(6))
        let three = json["awards"]?["three"]
        #expect(three?["gained"] == .number(3))
        #expect(three?["earlier"] == .number(2))
        #expect(three?["samples"]?["gained"] == .array([.string("u2"), .string("u6"), .number(7)]))
        #expect(three?["samples"]?["later"] == nil)
        #expect(json["awards"]?["retired"]?["lost"] == .number(4))
        #expect(json["awards"]?["again"]?["times_changed"] == .number(2))
        #expect(json["awards"]?["five"]?["samples"]?["gained"] == .array([.string("u4")]))
        #expect(json["awards"]?["first"] == nil)
        #expect(json["points"] == .object(["up": .number(5), "down": .number(0)]))
        #expect(json["ranks"] == .object(["up": .number(3), "down": .number(0)]))
        #expect(json["warnings"]?["rule_error"] == .object(["old": .number(0), "new": .number(6)]))
        #expect(json["warnings"]?["unknown_achievement"] == .object(["old": .number(0), "new": .number(1)]))
        // The contract's key order.
        let keys = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys == ["schema", "changes", "states", "errors", "error_lines", "changed_states", "awards", "points", "ranks",
                         "warnings"])
    }

    @Test func withoutStatesTheEffectsAreZeroAndEmpty() throws {
        let run = try RulecheckRun.run(Self.oldNew + ["--format", "json"])
        #expect(run.status == 0)
        let json = try #require(JSONTree.parse(run.stdout))
        #expect(json["changes"]?.arrayValue?.count == 6)
        #expect(json["states"] == .number(0))
        #expect(json["awards"] == .object([:]))
        #expect(json["warnings"] == .object([:]))
    }

    @Test func everyJobCountGivesTheSameBytes() throws {
        let one = try RulecheckRun.run(Self.oldNew + Self.states + ["--format", "json", "--jobs", "1"])
        let three = try RulecheckRun.run(Self.oldNew + Self.states + ["--format", "json", "--jobs", "3"])
        #expect(one.stdout == three.stdout)
        #expect(!one.stdout.isEmpty)
    }

    @Test func textListsChangesAndEffects() throws {
        let run = try RulecheckRun.run(Self.oldNew + Self.states)
        #expect(run.status == 0)
        #expect(run.stdout.contains("new/rules.yaml:13: changed achievement three (when)"))
        #expect(run.stdout.contains("old/rules.yaml:16: removed achievement retired"))
        #expect(run.stdout.contains("7 states, 6 changed, 1 error (line 5)"))
        #expect(run.stdout.contains("three: 3 gained (u2, u6, line 7), 2 earlier (u3, u4)"))
        #expect(run.stdout.contains("rule_error: 0 states before, 6 after"))
    }

    @Test func markdownHasTheChangesThenATableOfEffects() throws {
        let run = try RulecheckRun.run(Self.oldNew + Self.states + ["--format", "markdown"])
        #expect(run.status == 0)
        let changes = try #require(run.stdout.range(of: "| changed | achievement | `three` | when |"))
        let effects = try #require(run.stdout.range(of: "| `three` | 3 | 0 | 2 | 0 | 0 | gained: u2, u6, line 7; earlier: u3, u4 |"))
        #expect(changes.lowerBound < effects.lowerBound)
        #expect(run.stdout.contains("| `rule_error` | 0 | 6 |"))
    }

    @Test func githubAnnotatesEachChangeAndAppendsTheSummary() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("diff-summary-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try "# earlier step\n".write(toFile: scratch, atomically: true, encoding: .utf8)
        let arguments = (Self.oldNew + Self.states + ["--format", "github"]).map { "'\($0)'" }.joined(separator: " ")
        let run = try RulecheckRun.shell("GITHUB_STEP_SUMMARY='\(scratch)' \"$RULECHECK\" \(arguments)")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("::notice file=") && $0.contains("new/rules.yaml,line=13,") && $0.hasSuffix("changed achievement three (when)") })
        #expect(lines.contains { $0.contains("old/rules.yaml,line=16,") && $0.contains("removed achievement retired") })
        let summary = try String(contentsOfFile: scratch, encoding: .utf8)
        #expect(summary.hasPrefix("# earlier step\n### Rule changes"))
        #expect(summary.contains("| `three` | 3 | 0 | 2 | 0 | 0 |"))
    }

    @Test func statesFromStdin() throws {
        let arguments = Self.oldNew.map { "'\($0)'" }.joined(separator: " ")
        let run = try RulecheckRun.shell("\"$RULECHECK\" \(arguments) --states - --format json < '\(Self.folder)/states.ndjson'")
        #expect(run.status == 0)
        #expect(JSONTree.parse(run.stdout)?["changed_states"] == .number(6))
    }

    static let failOnCases: [(kinds: [String], status: Int32)] = [
        (["lost"], 1), (["later"], 0), (["gained,earlier"], 1), (["errors"], 1), (["rule_error"], 1),
        (["unknown_achievement"], 1), (["cost_limit"], 0), (["later", "times_changed"], 1),
    ]

    @Test(arguments: failOnCases)
    func failOnExitsOneWhenSomeStateHasOne(kinds: [String], status: Int32) throws {
        let run = try RulecheckRun.run(Self.oldNew + Self.states + kinds.flatMap { ["--fail-on", $0] })
        #expect(run.status == status, "\(kinds): \(run.stderr)")
    }

    @Test(arguments: [
        ["diff", "--old", "a"], ["diff"], ["diff", "--old", "a", "--new", "b", "--against", "HEAD"],
        ["diff", "--old", "a", "--new", "b", "--ruleset", "x"], ["diff", "--against", "HEAD", "--jobs", "0", "--states", "x"],
        ["diff", "--against", "HEAD", "--now", "yesterday"], ["diff", "--against", "HEAD", "--fail-on", "gaind"],
        ["diff", "--old", "a", "--new", "b", "--states", "/nonexistent/states.ndjson"],
    ])
    func badUsageExitsTwo(arguments: [String]) throws {
        let run = try RulecheckRun.run(arguments)
        #expect(run.status == 2, "\(arguments)")
        #expect(!run.stderr.isEmpty)
    }

    @Test func failOnSuggestsTheKindMeant() throws {
        let run = try RulecheckRun.run(Self.oldNew + ["--fail-on", "gaind"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("did you mean 'gained'?"))
    }

    @Test func aVersionThatDoesNotValidateGivesItsDiagnostics() throws {
        let run = try RulecheckRun.run(["diff", "--old", "\(Self.folder)/old", "--new", "\(Self.folder)/broken"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("broken/rules.yaml:5:31: error[E300]"))
        #expect(run.stderr.contains("the new version does not validate"))
    }

    // MARK: --against

    @Test func againstReadsTheOldVersionFromGitAndLeavesTheWorkingTreeAlone() throws {
        let repository = try GitRepository()
        try repository.write("rulecheck.yaml", "schema: 1\nrulesets:\n  game: [rules]\n  other: [more]\n")
        try repository.copy(from: "\(Self.folder)/old/rules.yaml", to: "rules/rules.yaml")
        try repository.write("more/more.yaml", "schema: 1\nachievements:\n  - { id: m, title: M, when: size(events) > 0 }\n")
        try repository.commit()
        try repository.copy(from: "\(Self.folder)/new/rules.yaml", to: "rules/rules.yaml")
        let statusBefore = try repository.git(["status", "--porcelain"])

        let run = try RulecheckRun.run(["diff", "--against", "HEAD", "--format", "json", "--states", "\(Self.folder)/states.ndjson"],
                                       in: repository.path)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(JSONTree.parse(run.stdout))
        let game = json["rulesets"]?["game"]
        #expect(game?["changes"]?.arrayValue?.count == 6)
        let removed = game?["changes"]?.arrayValue?.first { $0["id"] == .string("retired") }
        #expect(removed?["file"] == .string("rules/rules.yaml"))
        #expect(removed?["line"] == .number(16))
        #expect(game?["awards"]?["three"]?["gained"] == .number(3))
        #expect(json["rulesets"]?["other"]?["changes"] == .array([]))
        #expect(try repository.git(["status", "--porcelain"]) == statusBefore)

        let one = try RulecheckRun.run(["diff", "--against", "HEAD", "--ruleset", "game", "--format", "json"], in: repository.path)
        #expect(JSONTree.parse(one.stdout)?["changes"]?.arrayValue?.count == 6)
    }

    @Test func aRuleSetNewSinceTheRevisionIsAllAdded() throws {
        let repository = try GitRepository()
        try repository.write("rulecheck.yaml", "schema: 1\nrulesets:\n  game: [rules]\n")
        try repository.write("README", "first\n")
        try repository.commit()
        try repository.copy(from: "\(Self.folder)/new/rules.yaml", to: "rules/rules.yaml")
        let run = try RulecheckRun.run(["diff", "--against", "HEAD", "--format", "json"], in: repository.path)
        #expect(run.status == 0, "\(run.stderr)")
        let changes = JSONTree.parse(run.stdout)?["changes"]?.arrayValue ?? []
        #expect(!changes.isEmpty)
        #expect(changes.allSatisfy { $0["change"] == .string("added") })
    }

    @Test func anOldVersionThatDoesNotValidateExitsOne() throws {
        let repository = try GitRepository()
        try repository.write("rulecheck.yaml", "schema: 1\nrulesets:\n  game: [rules]\n")
        try repository.write("rules/rules.yaml", "schema: 1\nachievements:\n  - id: [\n")
        try repository.commit()
        try repository.copy(from: "\(Self.folder)/new/rules.yaml", to: "rules/rules.yaml")
        let run = try RulecheckRun.run(["diff", "--against", "HEAD"], in: repository.path)
        #expect(run.status == 1)
        #expect(run.stdout.contains("rules/rules.yaml:4:"))
        #expect(run.stdout.contains("error[E100]"))
        #expect(run.stderr.contains("rule set 'game' at HEAD does not validate"))
    }

    @Test func everyVersionThatDoesNotValidateIsInOneJSONReport() throws {
        let repository = try GitRepository()
        try repository.write("rulecheck.yaml", "schema: 1\nrulesets:\n  game: [rules]\n  other: [more]\n")
        try repository.write("rules/rules.yaml", "schema: 1\nachievements:\n  - id: [\n")
        try repository.write("more/more.yaml", "schema: 1\nachievements:\n  - { id: m, title: M, when: size(events) > 0 }\n")
        try repository.commit()
        try repository.copy(from: "\(Self.folder)/new/rules.yaml", to: "rules/rules.yaml")
        try repository.write("more/more.yaml", "schema: 1\nachievements:\n  - { id: m, title: M, when: size(event) > 0 }\n")
        let run = try RulecheckRun.run(["diff", "--against", "HEAD", "--format", "json"], in: repository.path)
        #expect(run.status == 1)
        let json = try #require(JSONTree.parse(run.stdout))
        let files = (json["diagnostics"]?.arrayValue ?? []).compactMap { $0["file"]?.stringValue }
        #expect(files.contains("rules/rules.yaml") && files.contains("more/more.yaml"))
        #expect(run.stderr.contains("rule set 'other' in the working tree does not validate"))
    }

    @Test func statesFromStdinReachEveryRuleSet() throws {
        let repository = try GitRepository()
        try repository.write("rulecheck.yaml", "schema: 1\nrulesets:\n  game: [rules]\n  again: [rules]\n")
        try repository.copy(from: "\(Self.folder)/old/rules.yaml", to: "rules/rules.yaml")
        try repository.commit()
        try repository.copy(from: "\(Self.folder)/new/rules.yaml", to: "rules/rules.yaml")
        let run = try RulecheckRun.shell("cd '\(repository.path)' && \"$RULECHECK\" diff --against HEAD --states - --format json "
                                         + "< '\(Self.folder)/states.ndjson'")
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(JSONTree.parse(run.stdout))
        #expect(json["rulesets"]?["game"]?["changed_states"] == .number(6))
        #expect(json["rulesets"]?["again"]?["changed_states"] == .number(6))
    }

    @Test func anUnknownRevisionExitsTwo() throws {
        let repository = try GitRepository()
        try repository.write("rulecheck.yaml", "schema: 1\nrulesets:\n  game: [rules]\n")
        try repository.copy(from: "\(Self.folder)/old/rules.yaml", to: "rules/rules.yaml")
        try repository.commit()
        let run = try RulecheckRun.run(["diff", "--against", "no-such-branch"], in: repository.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown revision 'no-such-branch'"))
    }

    @Test func aFolderOutsideGitExitsTwo() throws {
        let folder = try GitRepository(initialized: false)
        try folder.write("rulecheck.yaml", "schema: 1\nrulesets:\n  game: [rules]\n")
        try folder.copy(from: "\(Self.folder)/old/rules.yaml", to: "rules/rules.yaml")
        let run = try RulecheckRun.run(["diff", "--against", "HEAD"], in: folder.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("is not inside a git repository"))
    }

    @Test func withoutGitExitsTwo() throws {
        let repository = try GitRepository()
        try repository.write("rulecheck.yaml", "schema: 1\nrulesets:\n  game: [rules]\n")
        try repository.copy(from: "\(Self.folder)/old/rules.yaml", to: "rules/rules.yaml")
        try repository.commit()
        let run = try RulecheckRun.shell("cd '\(repository.path)' && PATH=/nonexistent \"$RULECHECK\" diff --against HEAD")
        #expect(run.status == 2)
        #expect(run.stderr.contains("git is not on the PATH"))
    }
}

/// A temporary folder with a git repository in it (or, `initialized: false`, without one),
/// removed when the value goes away.
final class GitRepository {
    let path: String

    init(initialized: Bool = true) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-git-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if initialized { _ = try git(["init", "-q"]) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ name: String, _ text: String) throws {
        let file = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
    }

    func copy(from source: String, to name: String) throws {
        try write(name, try String(contentsOfFile: source, encoding: .utf8))
    }

    func commit() throws {
        _ = try git(["add", "-A"])
        _ = try git(["-c", "user.name=test", "-c", "user.email=test@example.com", "commit", "-q", "-m", "rules"])
    }

    @discardableResult
    func git(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
