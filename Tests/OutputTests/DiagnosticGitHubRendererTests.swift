import Diagnostics
import Output
import Testing

@Suite struct DiagnosticGitHubRendererTests {
    @Test func oneCommandPerDiagnostic() {
        let text = DiagnosticRenderer.render([DiagnosticSamples.unknownMetric, DiagnosticSamples.warning],
                                             format: .github, fileCount: 2)
        #expect(text == """
            ::error file=rules/a.yaml,line=5,col=19,endLine=5,endColumn=31,title=E302::unknown metric 'focus_minute'; did you mean 'focus_minutes'?%0Ahelp: write metrics.focus_minutes
            ::warning file=rules/b.yaml,line=2,col=3,endLine=2,endColumn=4,title=W401::module 'x' has no counted released level

            """)
    }

    @Test(arguments: [
        ("100% done", "100%25 done"),
        ("line\nbreak", "line%0Abreak"),
        ("crlf\r\nend", "crlf%0D%0Aend"),
        ("a: b, c", "a: b, c"),
    ])
    func messageEscaping(raw: String, escaped: String) {
        let d = Diagnostic.error("E300", raw, at: .file("f.yaml"))
        #expect(DiagnosticGitHubRenderer().render([d]).hasSuffix("::\(escaped)\n"))
    }

    @Test func propertyEscapingCoversColonAndComma() {
        let d = Diagnostic.error("E300", "m", at: .file("dir,1/a:b%.yaml"))
        #expect(DiagnosticGitHubRenderer().render([d]).hasPrefix("::error file=dir%2C1/a%3Ab%25.yaml,line=1,"))
    }
}
