import Foundation
import Testing
import TestSupport

/// What CI reads: `rulecheck test --format junit|json|github` and the job summary that every
/// `--format github` run appends to `$GITHUB_STEP_SUMMARY`. The JUnit XML is read by a real XML
/// parser (Python's xml.etree).
@Suite struct CIReportTests {
    static let liferTests = 10
    /// A test whose name needs escaping in XML and markdown, failing on points (10, not 12).
    static let oddTest = """

          - name: "a <b> & \\"c\\" 'd' | e"
            state: ../../examples/lifer/new_user.json
            expect:
              points: 12

        """

    /// A copy of rules/lifer and its state files, the tests file with `oddTest` added; the folder.
    static func lifer(addingOddTest: Bool = true, breakingRules: Bool = false) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-ci-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/rules", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/examples", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: RulecheckRun.packageRoot + "/rules/lifer", toPath: folder + "/rules/lifer")
        try FileManager.default.copyItem(atPath: RulecheckRun.packageRoot + "/examples/lifer", toPath: folder + "/examples/lifer")
        if addingOddTest {
            let tests = folder + "/rules/lifer/tests.yaml"
            try (String(contentsOfFile: tests, encoding: .utf8) + oddTest).write(toFile: tests, atomically: true, encoding: .utf8)
        }
        if breakingRules {
            let rules = folder + "/rules/lifer/rules.yaml"
            let text = try String(contentsOfFile: rules, encoding: .utf8)
            try text.replacingOccurrences(of: "metrics.records >= 1", with: "metrics.record >= 1")
                .write(toFile: rules, atomically: true, encoding: .utf8)
        }
        try "schema: 1\nrulesets:\n  lifer: [rules/lifer]\n".write(toFile: folder + "/rulecheck.yaml", atomically: true, encoding: .utf8)
        return folder
    }

    /// Parses JUnit XML with xml.etree and prints what the tests check as JSON.
    static let junitReader = """
        python3 -c 'import sys, json, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        print(json.dumps({"root": root.tag, "tests": root.get("tests"), "failures": root.get("failures"),
          "suites": [{"name": s.get("name"), "tests": s.get("tests"), "failures": s.get("failures"),
                      "cases": [{"name": c.get("name"), "line": c.get("line"), "file": c.get("file"),
                                 "failure": None if c.find("failure") is None else
                                   {"message": c.find("failure").get("message"), "text": c.find("failure").text}}
                                for c in s.findall("testcase")]} for s in root.findall("testsuite")]}))'
        """

    @Test func junitOfAFailingTestParsesWithExpectedAndActual() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try Self.lifer()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try RulecheckRun.shell("""
            cd '\(folder)' && { "$RULECHECK" test --format junit > out.xml; echo "status $?"; } && \(Self.junitReader) out.xml
            """)
        #expect(run.stdout.hasPrefix("status 1\n"), "\(run.stdout) \(run.stderr)")
        let json = try #require(JSONTree.parse(String(run.stdout.dropFirst("status 1\n".count))), "\(run.stderr)")
        #expect(json["root"] == .string("testsuites"))
        #expect(json["tests"] == .string("\(Self.liferTests + 1)"))
        #expect(json["failures"] == .string("1"))
        let suites = try #require(json["suites"]?.arrayValue)
        #expect(suites.count == 1)
        #expect(suites.first?["name"] == .string("lifer"))
        let cases = try #require(suites.first?["cases"]?.arrayValue)
        #expect(cases.count == Self.liferTests + 1)
        let odd = try #require(cases.last)
        #expect(odd["name"] == .string(#"a <b> & "c" 'd' | e"#))
        #expect(odd["file"] == .string("rules/lifer/tests.yaml"))
        #expect(odd["failure"]?["message"] == .string("points: expected 12, got 10"))
        let failureText = odd["failure"]?["text"]?.stringValue ?? ""
        #expect(failureText.contains("rules/lifer/tests.yaml:"))
        #expect(cases.dropLast().allSatisfy { $0["failure"] == .null })
    }

    @Test func junitOfTheWorkspaceHasASuitePerRuleSet() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-junit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let workspace = try RulecheckRun.shell("""
            { "$RULECHECK" test --format junit > '\(folder)/out.xml'; echo "status $?"; } && \(Self.junitReader) '\(folder)/out.xml'
            """)
        #expect(workspace.stdout.hasPrefix("status 0\n"), "\(workspace.stdout) \(workspace.stderr)")
        let json = try #require(JSONTree.parse(String(workspace.stdout.dropFirst("status 0\n".count))))
        let names = json["suites"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names == ["taskmate", "puzzle", "weekyii", "lifer", "skinlab"])
        #expect(json["failures"] == .string("0"))
    }

    @Test func jsonReportsEachTestAndTheTotals() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try Self.lifer()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try RulecheckRun.run(["test", "rules/lifer", "--format", "json"], in: folder)
        #expect(run.status == 1)
        let json = try #require(JSONTree.parse(run.stdout), "\(run.stdout)")
        #expect(json["passed"]?.numberValue == Double(Self.liferTests))
        #expect(json["failed"]?.numberValue == 1)
        let group = try #require(json["rulesets"]?.arrayValue?.first)
        #expect(group["name"] == .string("rules/lifer"))
        #expect(group["run"] == .bool(true))
        let failed = try #require(group["tests"]?.arrayValue?.last)
        #expect(failed["passed"] == .bool(false))
        let mismatch = try #require(failed["mismatches"]?.arrayValue?.first)
        #expect(mismatch["subject"] == .string("points"))
        #expect(mismatch["expected"] == .string("12"))
        #expect(mismatch["actual"] == .string("10"))
    }

    @Test func githubTestAnnotatesAndSummarizesTheFailure() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try Self.lifer()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try RulecheckRun.shell("""
            cd '\(folder)' && echo '## before' > summary.md && GITHUB_STEP_SUMMARY="$PWD/summary.md" "$RULECHECK" test --format github
            echo "status $?"; cat summary.md
            """)
        #expect(run.stdout.contains("::error file=rules/lifer/tests.yaml,line="), "\(run.stdout)")
        #expect(run.stdout.contains("title=rule test failed::a <b> & \"c\" 'd' | e: points: expected 12, got 10\n"), "\(run.stdout)")
        #expect(run.stdout.contains("\(Self.liferTests) passed, 1 failed\nstatus 1\n"), "\(run.stdout)")
        let summary = run.stdout.components(separatedBy: "status 1\n").last ?? ""
        #expect(summary.hasPrefix("## before\n### rulecheck test\n\n❌ \(Self.liferTests) passed, 1 failed\n"), "\(summary)")
        #expect(summary.contains("| lifer | \(Self.liferTests) | 1 |"), "\(summary)")
        #expect(summary.contains("- **lifer**: a &lt;b&gt; &amp; \"c\" 'd' \\| e `rules/lifer/tests.yaml:"), "\(summary)")
        #expect(summary.contains("  - `points`: expected `12`, got `10`"), "\(summary)")
    }

    @Test func githubValidateSummarizesErrorsPerFile() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try Self.lifer(addingOddTest: false, breakingRules: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try RulecheckRun.shell("""
            cd '\(folder)' && GITHUB_STEP_SUMMARY="$PWD/summary.md" "$RULECHECK" validate --format github
            echo "status $?"; GITHUB_STEP_SUMMARY="$PWD/summary.md" "$RULECHECK" validate rules/lifer --format github >/dev/null
            cat summary.md
            """)
        #expect(run.stdout.contains("::error file=rules/lifer/rules.yaml,line="), "\(run.stdout)")
        let summary = run.stdout.components(separatedBy: "status 1\n").last ?? ""
        #expect(summary.hasPrefix("### rulecheck validate\n\n❌ 1 error, 0 warnings in 3 files\n"), "\(summary)")
        #expect(summary.contains("| rule set | file | errors | warnings |\n|---|---|--:|--:|\n| lifer | `rules/lifer/rules.yaml` | 1 | 0 |"),
                "\(summary)")
        #expect(summary.contains("- **error E302** `rules/lifer/rules.yaml:"), "\(summary)")
        // The second run (paths, no rule set column) appended its own section.
        #expect(summary.contains("\n\n### rulecheck validate\n\n❌ 1 error, 0 warnings in 3 files\n\n| file | errors | warnings |\n"),
                "\(summary)")
    }

    @Test func noSummaryWithoutGitHubFormat() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try Self.lifer(addingOddTest: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try RulecheckRun.shell("""
            cd '\(folder)' && GITHUB_STEP_SUMMARY="$PWD/summary.md" "$RULECHECK" validate && \
            GITHUB_STEP_SUMMARY="$PWD/summary.md" "$RULECHECK" test >/dev/null && test ! -e summary.md && echo none
            """)
        #expect(run.stdout.hasSuffix("none\n"), "\(run.stdout) \(run.stderr)")
    }
}
