import Diagnostics
import Foundation
import Output
import Testing

/// Shared sample: two errors in one file (out of order), one warning in another, one note.
enum DiagnosticSamples {
    static let achievementsText = """
        schema: 1
        achievements:
          - id: focus_10_hours
            title: 专注新手
            when: metrics.focus_minute >= 600

        """
    static let unknownMetric = Diagnostic.error(
        "E302", "unknown metric 'focus_minute'; did you mean 'focus_minutes'?",
        at: SourceSpan(file: "rules/a.yaml", start: .init(line: 5, column: 19), end: .init(line: 5, column: 31)),
        fix: "write metrics.focus_minutes")
    static let duplicate = Diagnostic.error(
        "E401", "duplicate achievement id 'focus_10_hours'",
        at: SourceSpan(file: "rules/a.yaml", start: .init(line: 3, column: 9), end: .init(line: 3, column: 23)),
        notes: [DiagnosticNote("'focus_10_hours' is first defined here",
                               at: SourceSpan(file: "rules/a.yaml", start: .init(line: 3, column: 9),
                                              end: .init(line: 3, column: 23)))])
    static let warning = Diagnostic.warning(
        "W401", "module 'x' has no counted released level",
        at: SourceSpan(file: "rules/b.yaml", start: .init(line: 2, column: 3), end: .init(line: 2, column: 4)))
    static let all = [unknownMetric, warning, duplicate]
    static let sources = ["rules/a.yaml": achievementsText]
}

@Suite struct DiagnosticRendererTests {
    @Test(arguments: [
        ([Diagnostic](), 0, "0 errors, 0 warnings in 0 files"),
        ([DiagnosticSamples.warning], 1, "0 errors, 1 warning in 1 file"),
        (DiagnosticSamples.all, 5, "2 errors, 1 warning in 5 files"),
    ])
    func summaryLine(diagnostics: [Diagnostic], files: Int, expected: String) {
        #expect(DiagnosticRenderer.summary(diagnostics, fileCount: files) == expected)
    }

    @Test(arguments: [
        (true, [:], true),
        (false, [:], false),
        (true, ["NO_COLOR": "1"], false),
        (true, ["NO_COLOR": ""], true),
    ] as [(Bool, [String: String], Bool)])
    func colourOnlyOnATerminalWithoutNoColor(isTerminal: Bool, environment: [String: String], expected: Bool) {
        #expect(DiagnosticRenderer.usesColour(isTerminal: isTerminal, environment: environment) == expected)
    }

    @Test(arguments: DiagnosticRenderer.Format.allCases)
    func everyFormatSortsByFileLineColumn(format: DiagnosticRenderer.Format) {
        let output = DiagnosticRenderer.render(DiagnosticSamples.all, format: format, fileCount: 2,
                                               sources: DiagnosticSamples.sources)
        let first = output.range(of: "E401"), second = output.range(of: "E302"), third = output.range(of: "W401")
        #expect(first != nil && second != nil && third != nil)
        if format != .sarif, let first, let second, let third {
            #expect(first.lowerBound < second.lowerBound)
            #expect(second.lowerBound < third.lowerBound)
        }
        // Deterministic: the same input renders the same bytes whatever its order.
        let again = DiagnosticRenderer.render(DiagnosticSamples.all.reversed(), format: format, fileCount: 2,
                                              sources: DiagnosticSamples.sources)
        #expect(again == output)
    }
}
