import Foundation
import Testing
import TestSupport

/// `rulecheck.yaml` workspaces (docs/rules.md, "Workspaces"): validate and test without paths,
/// `--ruleset`, every diagnostic format aggregating the rule sets, and the workspace file's own
/// errors with positions.
@Suite struct WorkspaceCommandTests {
    static let workspace = RulecheckRun.casePath("x05_workspace")
    static let nested = (workspace as NSString).appendingPathComponent("sub/deeper")

    /// Run from a folder below the workspace: the file is found in a parent, paths are reported
    /// relative to where the command runs, one summary line per rule set and a total.
    @Test func validateFindsTheWorkspaceInAParent() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["validate"], in: Self.nested)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == """
            alpha: 0 errors, 0 warnings in 2 files
            beta: 0 errors, 0 warnings in 2 files
            total: 0 errors, 0 warnings in 4 files

            """)
    }

    /// Each rule set runs its own tests; the same id in two rule sets is no conflict; the failure
    /// names the tests file relative to the current folder; the last line is the total.
    @Test func testRunsEveryRuleSetOnItsOwn() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["test"], in: Self.nested)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "alpha: 1 passed, 0 failed")
        #expect(lines.contains("FAIL  ../../rules/beta/tests.yaml:3:5: beta expects too much"))
        #expect(lines.contains("beta: 0 passed, 1 failed"))
        #expect(lines.last == "1 passed, 1 failed")
        let alpha = try RulecheckRun.run(["test", "--ruleset", "alpha"], in: Self.nested)
        #expect(alpha.status == 0)
        #expect(alpha.stdout == "alpha: 1 passed, 0 failed\n1 passed, 0 failed\n")
    }

    /// `eval` and `explain` take `--ruleset NAME` instead of paths.
    @Test func evalAndExplainTakeARuleSet() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let state = RulecheckRun.casePath("c15_requires_available", "state.json")
        let eval = try RulecheckRun.run(["eval", "--ruleset", "beta", "--state", state, "--format", "json"], in: Self.workspace)
        #expect(eval.status == 0, "\(eval.stderr)")
        let decision = try #require(JSONTree.parse(eval.stdout))
        #expect(decision["achievements"]?["first_event"] != nil)
        let explain = try RulecheckRun.run(["explain", "--ruleset", "alpha", "--state", state, "first_event"], in: Self.workspace)
        #expect(explain.status == 0, "\(explain.stderr)")
        #expect(explain.stdout.hasPrefix("first_event (First)"))
        let unknown = try RulecheckRun.run(["eval", "--ruleset", "alpah", "--state", state], in: Self.workspace)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'alpha'?"))
        let both = try RulecheckRun.run(["validate", "rules/alpha", "--ruleset", "alpha"], in: Self.workspace)
        #expect(both.status == 2)
    }

    /// JSON, SARIF and GitHub carry every rule set's diagnostics with their file paths.
    @Test func everyFormatAggregatesTheRuleSets() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = RulecheckRun.casePath("x07_workspace_errors")
        let json = try RulecheckRun.run(["validate", "--format", "json"], in: folder)
        #expect(json.status == 1)
        let report = try #require(JSONTree.parse(json.stdout))
        let diagnostics = report["diagnostics"]?.arrayValue ?? []
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["file"] == .string("rules/broken/rules.yaml"))
        #expect(diagnostics.first?["ruleset"] == .string("broken"))
        #expect(report["rulesets"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["good", "broken"])
        let sarif = try #require(JSONTree.parse(try RulecheckRun.run(["validate", "--format", "sarif"], in: folder).stdout))
        let result = sarif["runs"]?.arrayValue?.first?["results"]?.arrayValue?.first
        let uri = result?["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"]?["uri"]
        #expect(uri == .string("rules/broken/rules.yaml"))
        #expect(result?["properties"]?["ruleset"] == .string("broken"))
        let github = try RulecheckRun.run(["validate", "--format", "github"], in: folder)
        #expect(github.stdout.hasPrefix("::error file=rules/broken/rules.yaml,line=5,col=19,"))
        let text = try RulecheckRun.run(["validate"], in: folder)
        #expect(text.stdout.hasPrefix("good: 0 errors, 0 warnings in 1 file\nrules/broken/rules.yaml:5:19: error[E302]"))
        #expect(text.stdout.hasSuffix("\nbroken: 1 error, 0 warnings in 1 file\ntotal: 1 error, 0 warnings in 2 files\n"))
        let tests = try RulecheckRun.run(["test"], in: folder)
        #expect(tests.status == 1)
        #expect(tests.stdout.contains("broken: not run (the rule set has errors)"))
    }

    /// The workspace file is checked like a rule file: each problem with its position.
    @Test(arguments: [
        ("E240", 4, 11, "rules/gamma"),
        ("E400", 5, 3, "Beta-Set"),
        ("E241", 6, 10, "no path"),
        ("E205", 7, 1, "did you mean 'rulesets'"),
    ])
    func badWorkspaceFileIsDiagnosed(code: String, line: Int, column: Int, keyword: String) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = RulecheckRun.casePath("x06_bad_workspace")
        let run = try RulecheckRun.run(["validate", "--format", "json"], in: folder)
        #expect(run.status == 1)
        let diagnostics = try #require(JSONTree.parse(run.stdout)?["diagnostics"]?.arrayValue)
        #expect(diagnostics.contains {
            $0["code"] == .string(code) && $0["file"] == .string("rulecheck.yaml") && $0["line"]?.numberValue == Double(line)
                && $0["column"]?.numberValue == Double(column) && ($0["message"]?.stringValue ?? "").contains(keyword)
        }, "\(diagnostics.map(\.brief))")
        let tests = try RulecheckRun.run(["test"], in: folder)
        #expect(tests.status == 1)
        #expect(tests.stderr.contains("rulecheck.yaml:\(line):\(column): error[\(code)]"))
    }

    /// Without paths and without a workspace file: bad usage.
    @Test func noWorkspaceIsBadUsage() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["validate"], in: "/")
        #expect(run.status == 2)
        #expect(run.stderr.contains("rulecheck.yaml"))
    }

    /// The repository's own workspace: all five products validate and pass their tests.
    @Test func repositoryWorkspacePasses() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let validate = try RulecheckRun.run(["validate", "--strict"])
        #expect(validate.status == 0, "\(validate.stdout)")
        #expect(validate.stdout.split(separator: "\n").map { $0.split(separator: ":").first.map(String.init) ?? "" }
            == ["taskmate", "puzzle", "weekyii", "lifer", "skinlab", "total"])
        let tests = try RulecheckRun.run(["test"])
        #expect(tests.status == 0, "\(tests.stdout)")
    }
}
