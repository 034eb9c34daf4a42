import Diagnostics
import Foundation
import Output
import Testing

/// The job summary: its markdown (validate's section from diagnostics; the cells escaped) and
/// appending to the file, which several steps share.
@Suite struct GitHubStepSummaryTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a|b", "a\\|b"),
        ("<script>&", "&lt;script&gt;&amp;"),
        ("two\nlines", "two lines"),
    ])
    func cellsAreEscaped(text: String, cell: String) {
        #expect(GitHubStepSummary.escaped(text) == cell)
    }

    @Test(arguments: [
        ("points", "`points`"),
        ("a`b", "`` a`b ``"),
        ("x | y", "`x \\| y`"),
    ])
    func inlineCodeHasALongerFence(text: String, code: String) {
        #expect(GitHubStepSummary.code(text) == code)
    }

    @Test func validationListsErrorsAndWarningsPerFile() {
        let groups = [DiagnosticGroup(name: "taskmate", diagnostics: DiagnosticSamples.all, fileCount: 3),
                      DiagnosticGroup(name: "lifer", diagnostics: [], fileCount: 2)]
        #expect(GitHubStepSummary.validation(groups) == """
            ### rulecheck validate

            ❌ 2 errors, 1 warning in 5 files

            | rule set | file | errors | warnings |
            |---|---|--:|--:|
            | taskmate | `rules/a.yaml` | 2 | 0 |
            | taskmate | `rules/b.yaml` | 0 | 1 |

            - **error E401** `rules/a.yaml:3:9`: duplicate achievement id 'focus_10_hours'
            - **error E302** `rules/a.yaml:5:19`: unknown metric 'focus_minute'; did you mean 'focus_minutes'?
            - **warning W401** `rules/b.yaml:2:3`: module 'x' has no counted released level

            """)
        #expect(GitHubStepSummary.validation([DiagnosticGroup(name: nil, diagnostics: [], fileCount: 1)])
                == "### rulecheck validate\n\n✅ 0 errors, 0 warnings in 1 file\n")
    }

    @Test func appendsEachSectionAfterAnEmptyLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("summary.md").path
        let summary = try #require(GitHubStepSummary(environment: ["GITHUB_STEP_SUMMARY": path]))
        try summary.append("# one")
        try summary.append("# two\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# one\n\n# two\n\n")
        #expect(GitHubStepSummary(environment: [:]) == nil)
        #expect(GitHubStepSummary(environment: ["GITHUB_STEP_SUMMARY": ""]) == nil)
        let missing = GitHubStepSummary(path: folder.appendingPathComponent("no/such/folder.md").path)
        #expect(throws: GitHubStepSummary.Failure.self) { try missing.append("x") }
    }

    @Test(arguments: [
        ("a <b> & \"c\" 'd'", "a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;"),
        ("line\nbreak\ttab", "line&#10;break&#9;tab"),
        ("bell\u{7}", "bell\u{FFFD}"),
    ])
    func junitTextIsEscaped(text: String, xml: String) {
        #expect(RuleTestJUnitRenderer.escaped(text) == xml)
    }
}
