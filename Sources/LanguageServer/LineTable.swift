import Diagnostics

/// The lines of one text, for moving between the two ways positions are counted: the rule
/// loader's (1-based line, 1-based column in Unicode scalars) and the protocol's (0-based line,
/// 0-based character in UTF-16 code units). Line breaks are `\n`, `\r\n` and `\r`, as in YAML.
package struct LineTable: Sendable {
    private let scalars: [Unicode.Scalar]
    /// Index in `scalars` where each line starts.
    private let lineStarts: [Int]

    package init(_ text: String) {
        var scalars = Array(text.unicodeScalars)
        // The loader skips a leading byte order mark; editors do not show it.
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var starts = [0]
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\r", index < scalars.count, scalars[index] == "\n" { index += 1 }
            if scalar == "\n" || scalar == "\r" { starts.append(index) }
        }
        self.scalars = scalars
        self.lineStarts = starts
    }

    package var lineCount: Int { lineStarts.count }

    /// The scalars of line `line` (0-based) without its break.
    private func lineRange(_ line: Int) -> Range<Int> {
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : scalars.count
        while end > start, scalars[end - 1] == "\n" || scalars[end - 1] == "\r" { end -= 1 }
        return start..<end
    }

    /// The protocol position of a loader position; one past a line's end is clamped to its end.
    package func position(of source: SourcePosition) -> LSPPosition {
        let line = min(max(source.line - 1, 0), lineStarts.count - 1)
        let range = lineRange(line)
        let count = min(max(source.column - 1, 0), range.count)
        var character = 0
        for index in range.lowerBound..<(range.lowerBound + count) { character += scalars[index].utf16.count }
        return LSPPosition(line: line, character: character)
    }

    package func range(of span: SourceSpan) -> LSPRange {
        LSPRange(start: position(of: span.start), end: position(of: span.end))
    }

    /// The offset in scalars of the text of a protocol position; a character inside a surrogate
    /// pair or past the line's end, or a line past the end, is clamped.
    package func scalarOffset(of position: LSPPosition) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return scalars.count }
        let range = lineRange(position.line)
        var units = 0, index = range.lowerBound
        while index < range.upperBound {
            let width = scalars[index].utf16.count
            if units + width > position.character { break }
            units += width
            index += 1
        }
        return index
    }

    /// The loader's position (1-based line and scalar column) of a protocol position.
    package func sourcePosition(of position: LSPPosition) -> SourcePosition {
        let offset = scalarOffset(of: position)
        let line = lineIndex(containing: offset)
        return SourcePosition(line: line + 1, column: offset - lineStarts[line] + 1)
    }

    /// The scalar offset of a loader position (clamped to its line).
    package func scalarOffset(of source: SourcePosition) -> Int {
        let line = min(max(source.line - 1, 0), lineStarts.count - 1)
        let range = lineRange(line)
        return range.lowerBound + min(max(source.column - 1, 0), range.count)
    }

    /// The text a loader span covers.
    package func text(of span: SourceSpan) -> String {
        let lower = scalarOffset(of: span.start), upper = max(lower, scalarOffset(of: span.end))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[lower..<upper])
        return String(view)
    }

    /// The 0-based line of a scalar offset.
    package func lineIndex(containing offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The text with the scalars of `range` (protocol positions) replaced by `replacement`.
    package func replacing(_ range: LSPRange, with replacement: String) -> String {
        let lower = scalarOffset(of: range.start), upper = max(lower, scalarOffset(of: range.end))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[..<lower])
        view.append(contentsOf: replacement.unicodeScalars)
        view.append(contentsOf: scalars[upper...])
        return String(view)
    }

    /// The scalars in `range`, clamped to the text.
    package func scalars(in range: Range<Int>) -> ArraySlice<Unicode.Scalar> {
        scalars[max(0, range.lowerBound)..<min(scalars.count, range.upperBound)]
    }

    package var scalarCount: Int { scalars.count }
}
