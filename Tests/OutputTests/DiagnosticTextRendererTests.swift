import Diagnostics
import Output
import Testing

@Suite struct DiagnosticTextRendererTests {
    @Test func headerSourceLineCaretsAndHelp() {
        let text = DiagnosticTextRenderer(sources: DiagnosticSamples.sources, colour: false)
            .render([DiagnosticSamples.unknownMetric], fileCount: 1)
        #expect(text == """
            rules/a.yaml:5:19: error[E302]: unknown metric 'focus_minute'; did you mean 'focus_minutes'?
              |
            5 |     when: metrics.focus_minute >= 600
              |                   ^^^^^^^^^^^^
            help: write metrics.focus_minutes

            1 error, 0 warnings in 1 file

            """)
    }

    @Test func notesPointAtTheirOwnPlace() {
        let text = DiagnosticTextRenderer(sources: DiagnosticSamples.sources, colour: false)
            .render([DiagnosticSamples.duplicate], fileCount: 1)
        #expect(text.contains("note: 'focus_10_hours' is first defined here\n  --> rules/a.yaml:3:9\n"))
        #expect(text.contains("3 |   - id: focus_10_hours\n  |         ^^^^^^^^^^^^^^\n"))
    }

    @Test func wideCharactersShiftTheCarets() {
        let source = "title: 专注 x\n"
        let d = Diagnostic.error("E300", "bad", at: SourceSpan(file: "f.yaml", start: .init(line: 1, column: 11),
                                                               end: .init(line: 1, column: 12)))
        let text = DiagnosticTextRenderer(sources: ["f.yaml": source], colour: false).render([d], fileCount: 1)
        // 7 ASCII cells, two wide characters (4 cells), a space: the caret is in cell 13.
        #expect(text.contains("1 | title: 专注 x\n  | " + String(repeating: " ", count: 12) + "^\n"))
    }

    @Test func withoutSourceOnlyTheHeader() {
        let text = DiagnosticTextRenderer(sources: [:], colour: false).render([DiagnosticSamples.warning], fileCount: 1)
        #expect(text == "rules/b.yaml:2:3: warning[W401]: module 'x' has no counted released level\n\n0 errors, 1 warning in 1 file\n")
    }

    @Test func colourUsesANSIEscapes() {
        let coloured = DiagnosticTextRenderer(sources: DiagnosticSamples.sources, colour: true)
            .render([DiagnosticSamples.unknownMetric], fileCount: 1)
        let plain = DiagnosticTextRenderer(sources: DiagnosticSamples.sources, colour: false)
            .render([DiagnosticSamples.unknownMetric], fileCount: 1)
        #expect(coloured.contains("\u{1B}[1;31merror[E302]\u{1B}[0m"))
        #expect(!plain.contains("\u{1B}"))
    }
}
