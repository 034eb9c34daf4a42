import Foundation
import Testing
import TestSupport

/// The hand-written scenarios in `Cases/`, run through the built binary the way the acceptance
/// runner does. Expected values are worked out by hand from the documented semantics (see each case's rules).
@Suite struct CaseFolderTests {
    @Test(arguments: RulecheckRun.caseNames(.evaluation))
    func evalDecisionMatches(name: String) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let expect = try #require(JSONTree.load(RulecheckRun.casePath(name, "expect.json")))
        let run = try RulecheckRun.run([
            "eval", RulecheckRun.casePath(name, "rules"), "--state", RulecheckRun.casePath(name, "state.json"),
            "--format", "json",
        ])
        try #require(run.status == 0, "exit \(run.status): \(run.stderr)")
        let decision = try #require(JSONTree.parse(run.stdout), "output is not JSON: \(run.stdout.prefix(300))")
        let problems = DecisionExpectation(expected: expect).mismatches(in: decision)
        #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "; "))")
    }

    /// `validate --format json` reports each expected diagnostic (file name, severity, line,
    /// keywords in the message), with the expected exit status; sarif and github are well formed.
    @Test(arguments: RulecheckRun.caseNames(.badRules))
    func badRulesAreDiagnosed(name: String) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let expect = try #require(JSONTree.load(RulecheckRun.casePath(name, "expect.json")))
        let rules = RulecheckRun.casePath(name, "rules")
        let run = try RulecheckRun.run(["validate", rules, "--format", "json"])
        #expect(Double(run.status) == expect["exit"]?.numberValue, "exit \(run.status)")
        let diagnostics = try #require(JSONTree.parse(run.stdout)?["diagnostics"]?.arrayValue, "no JSON diagnostics: \(run.stdout.prefix(300))")
        for want in expect["diagnostics"]?.arrayValue ?? [] {
            #expect(diagnostics.contains { Self.diagnostic($0, matches: want) },
                    "no diagnostic matches \(want.brief); got \(diagnostics.map(\.brief))")
        }
        if let count = expect["count"]?.numberValue {
            #expect(Double(diagnostics.count) == count, "\(diagnostics.map(\.brief))")
        }
        for line in expect["absent_lines"]?.arrayValue ?? [] {
            #expect(!diagnostics.contains { $0["line"] == line }, "a diagnostic on line \(line.brief): \(diagnostics.map(\.brief))")
        }
        let sarif = try RulecheckRun.run(["validate", rules, "--format", "sarif"])
        let log = JSONTree.parse(sarif.stdout)
        #expect(log?["version"] == .string("2.1.0"))
        let results = log?["runs"]?.arrayValue?.first?["results"]?.arrayValue ?? []
        #expect(results.count > 0, "SARIF log without results")
        let github = try RulecheckRun.run(["validate", rules, "--format", "github"])
        #expect(github.stdout.split(separator: "\n").contains(where: { $0.hasPrefix("::error file=") }))
    }

    /// A bad state file: the expected exit status, the JSON path on stderr, nothing written.
    @Test(arguments: RulecheckRun.caseNames(.badState))
    func badStateIsRefused(name: String) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let expect = try #require(JSONTree.load(RulecheckRun.casePath(name, "expect.json")))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = folder.appendingPathComponent("out.json").path
        let stateName = expect["state"]?.stringValue ?? "state.json"
        let run = try RulecheckRun.run([
            "eval", RulecheckRun.casePath(name, "rules"), "--state", RulecheckRun.casePath(name, stateName),
            "--write-state", written,
        ])
        #expect(Double(run.status) == expect["exit"]?.numberValue, "exit \(run.status): \(run.stderr)")
        for keyword in expect["stderr_keywords"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            #expect(run.stderr.contains(keyword), "stderr does not mention \(keyword): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: written), "a state file was written despite the error")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty, "files left behind")
    }

    /// The acceptance runner's diagnostic match: file name, severity, line (or `line_any`),
    /// `column_any`, and every keyword in the message (case-insensitive).
    static func diagnostic(_ actual: JSONTree, matches want: JSONTree) -> Bool {
        let file = (actual["file"]?.stringValue ?? "" as String)
        guard (file as NSString).lastPathComponent == want["file"]?.stringValue,
              actual["severity"] == want["severity"] else { return false }
        let lines = want["line_any"]?.arrayValue ?? [want["line"] ?? .null]
        guard let line = actual["line"], lines.contains(line) else { return false }
        if let columns = want["column_any"]?.arrayValue, !columns.contains(actual["column"] ?? .null) { return false }
        if let code = want["code"], actual["code"] != code { return false }
        let message = (actual["message"]?.stringValue ?? "").lowercased()
        return (want["keywords"]?.arrayValue ?? []).compactMap(\.stringValue).allSatisfy { message.contains($0.lowercased()) }
    }
}
