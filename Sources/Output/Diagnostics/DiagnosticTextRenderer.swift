import Diagnostics

/// The text format for people (docs/diagnostics.md): a gcc-style header, the source line with a line-number
/// gutter and carets under the span, notes and a `help:` line, then the summary line.
package struct DiagnosticTextRenderer: Renderer {
    /// File path → its text.
    package var sources: [String: String]
    package var colour: Bool

    package init(sources: [String: String], colour: Bool) {
        self.sources = sources
        self.colour = colour
    }

    /// Every diagnostic in the order given, a blank line between blocks, then the summary.
    package func render(_ diagnostics: [Diagnostic], fileCount: Int) -> String {
        var lines = SourceLineCache(sources: sources)
        var out = ""
        for diagnostic in diagnostics {
            out += block(diagnostic, lines: &lines)
            out += "\n"
        }
        out += paint(DiagnosticRenderer.summary(diagnostics, fileCount: fileCount), .bold) + "\n"
        return out
    }

    /// One rule set of a workspace: its blocks, then `name: 2 errors, 1 warning in 5 files`.
    package func render(_ group: DiagnosticGroup) -> String {
        var lines = SourceLineCache(sources: sources)
        var out = ""
        for diagnostic in group.diagnostics {
            out += block(diagnostic, lines: &lines) + "\n"
        }
        let summary = DiagnosticRenderer.summary(group.diagnostics, fileCount: group.fileCount)
        out += paint(group.name.map { "\($0): \(summary)" } ?? summary, .bold) + "\n"
        return out
    }

    /// The last line of a workspace report: `total: 2 errors, 1 warning in 17 files`.
    package func total(_ groups: [DiagnosticGroup]) -> String {
        let summary = DiagnosticRenderer.summary(groups.flatMap(\.diagnostics), fileCount: groups.map(\.fileCount).reduce(0, +))
        return paint("total: " + summary, .bold) + "\n"
    }

    private func block(_ d: Diagnostic, lines: inout SourceLineCache) -> String {
        let place = d.span.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? "rulecheck: "
        let severity = d.severity.rawValue
        let styled = paint("\(severity)[\(d.code)]", d.severity == .error ? .red : d.severity == .warning ? .yellow : .cyan)
        var out = paint(place, .bold) + styled + paint(": " + d.message, .bold) + "\n"
        if let span = d.span { out += snippet(span, lines: &lines) }
        for note in d.notes {
            out += paint("note", .cyan) + ": \(note.message)\n"
            if let span = note.span {
                out += paint("  --> ", .blue) + "\(span.file):\(span.start.line):\(span.start.column)\n"
                out += snippet(span, lines: &lines)
            }
        }
        if let fix = d.fix { out += paint("help", .cyan) + ": \(fix)\n" }
        return out
    }

    /// The gutter, the source line and the carets, or nothing when the line is unknown.
    private func snippet(_ span: SourceSpan, lines: inout SourceLineCache) -> String {
        guard let text = lines.line(span.start.line, in: span.file) else { return "" }
        let number = String(span.start.line)
        let blank = String(repeating: " ", count: number.count)
        let scalars = Array(text.unicodeScalars)
        let startIndex = min(max(span.start.column - 1, 0), scalars.count)
        let endIndex: Int
        if span.end.line == span.start.line, span.end.column > span.start.column {
            endIndex = min(span.end.column - 1, max(scalars.count, startIndex + 1))
        } else if span.end.line > span.start.line {
            endIndex = max(scalars.count, startIndex + 1)
        } else {
            endIndex = startIndex + 1
        }
        // Align with what the terminal shows: tabs stay tabs, wide (CJK) characters take two cells.
        var padding = ""
        for scalar in scalars[..<startIndex] {
            padding += scalar == "\t" ? "\t" : String(repeating: " ", count: Self.cellWidth(scalar))
        }
        var caretCount = 0
        for i in startIndex..<endIndex { caretCount += i < scalars.count ? max(Self.cellWidth(scalars[i]), 1) : 1 }
        let carets = String(repeating: "^", count: max(caretCount, 1))
        return paint("\(blank) |", .blue) + "\n"
            + paint("\(number) |", .blue) + " \(text)\n"
            + paint("\(blank) |", .blue) + " \(padding)" + paint(carets, .red) + "\n"
    }

    /// Terminal cells of a character: 2 for East Asian wide and fullwidth ranges, else 1.
    static func cellWidth(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            2
        default:
            1
        }
    }

    private enum Style: String {
        case bold = "1", red = "1;31", yellow = "1;33", blue = "1;34", cyan = "1;36"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        colour ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

/// Lines of the files a report mentions, split once per file.
private struct SourceLineCache {
    let sources: [String: String]
    var split: [String: [Substring]] = [:]

    init(sources: [String: String]) { self.sources = sources }

    mutating func line(_ number: Int, in file: String) -> String? {
        if split[file] == nil, let text = sources[file] {
            split[file] = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        }
        guard let lines = split[file], number >= 1, number <= lines.count else { return nil }
        var line = String(lines[number - 1])
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }
}
