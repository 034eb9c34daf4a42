import Diagnostics

/// The edit a diagnostic's suggestion stands for: its message says "did you mean 'X'?" about a
/// name written in quotes before it ('focus_minute'), and that name is replaced where the
/// diagnostic's span holds it.
enum QuickFix {
    struct Edit: Sendable, Hashable {
        var span: SourceSpan
        var replacement: String
    }

    /// `text`: the text the diagnostic's span covers.
    static func edit(for diagnostic: Diagnostic, text: String) -> Edit? {
        guard let span = diagnostic.span, let suggestion = quoted(after: "did you mean ", in: diagnostic.message),
              let written = quoted(after: "", in: diagnostic.message), written != suggestion else { return nil }
        if text == written { return Edit(span: span, replacement: suggestion) }
        // The span covers more than the name (a key and its value, `metrics.x`): only the name changes.
        guard let range = text.range(of: written) else { return nil }
        let before = text[..<range.lowerBound].unicodeScalars.count
        guard !text[..<range.lowerBound].contains("\n") else { return nil }
        let start = SourcePosition(line: span.start.line, column: span.start.column + before)
        let end = SourcePosition(line: start.line, column: start.column + written.unicodeScalars.count)
        return Edit(span: SourceSpan(file: span.file, start: start, end: end), replacement: suggestion)
    }

    /// The first text in single quotes after `marker` in `message`.
    static func quoted(after marker: String, in message: String) -> String? {
        guard let markerRange = marker.isEmpty ? message.startIndex..<message.startIndex : message.range(of: marker),
              let open = message[markerRange.upperBound...].firstIndex(of: "'") else { return nil }
        let rest = message[message.index(after: open)...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        let text = String(rest[..<close])
        return text.isEmpty ? nil : text
    }
}
