import Diagnostics

/// Finds, in the raw bytes, where each character of a scalar's value was written, and the `#`
/// comment after a plain scalar. Everything is checked against the value libyaml produced: the
/// trace stops at the first character that does not match, so a map is short, never wrong.
struct ScalarPositionTracer {
    let lines: SourceLines
    let file: String
    private var cursor: MarkCursor

    init(lines: SourceLines, file: String) {
        self.lines = lines
        self.file = file
        self.cursor = MarkCursor(lines: lines)
    }

    private var bytes: [UInt8] { lines.bytes }

    /// The position map of a scalar and, for a plain one, the comment after it on its line.
    mutating func trace(text: String, style: ScalarStyle, start: LibYAMLEvent.Mark,
                        end: LibYAMLEvent.Mark) -> (map: ScalarPositionMap?, comment: YAMLComment?) {
        let startOffset = cursor.offset(of: start)
        let endOffset = max(cursor.offset(of: end), startOffset)
        let startPosition = lines.position(line: start.line, column: start.column)
        let endPosition = lines.position(line: end.line, column: end.column)
        let map = self.map(text: text, style: style, singleLine: start.line == end.line,
                           from: (startOffset, startPosition), to: endOffset)
        let comment = style == .plain ? trailingComment(after: endOffset, at: endPosition) : nil
        return (map, comment)
    }

    private func map(text: String, style: ScalarStyle, singleLine: Bool,
                     from start: (offset: Int, position: SourcePosition), to endOffset: Int) -> ScalarPositionMap? {
        var (contentStart, position) = skipProperties(from: start.offset, at: start.position, limit: endOffset)
        var contentEnd = endOffset
        switch style {
        case .plain:
            break
        case .singleQuoted, .doubleQuoted:
            let quote: UInt8 = style == .singleQuoted ? 0x27 : 0x22
            guard contentStart < bytes.count, bytes[contentStart] == quote else { return nil }
            contentStart += 1
            position.column += 1
            contentEnd = max(contentStart, endOffset - 1)
        case .literal:
            guard let body = lineAfter(contentStart) else { return nil }
            let value = Array(text.utf8)
            return traceLiteral(value: value, from: body, at: SourcePosition(line: position.line + 1, column: 1))
        case .folded:
            return nil
        }
        // The common case: a one-line value written exactly as it reads is a single run.
        if singleLine, contentEnd <= bytes.count, contentStart <= contentEnd,
           let scalars = scalarCountIfWritten(text, at: contentStart..<contentEnd) {
            return ScalarPositionMap(singleRun: ScalarPositionMap.Run(offset: 0, start: position, length: scalars + 1))
        }
        return traceFlow(value: Array(text.utf8), from: contentStart, at: position, style: style)
    }

    /// The number of Unicode scalars of `text` when the source bytes in `range` are exactly its
    /// UTF-8; nil otherwise.
    private func scalarCountIfWritten(_ text: String, at range: Range<Int>) -> Int? {
        var text = text
        return text.withUTF8 { value -> Int? in
            guard value.count == range.count else { return nil }
            var scalars = 0
            for (k, byte) in value.enumerated() {
                guard bytes[range.lowerBound + k] == byte else { return nil }
                if byte & 0xC0 != 0x80 { scalars += 1 }
            }
            return scalars
        }
    }

    /// Skips the node's properties (`&anchor`, `!tag`) and the blanks, comments and line breaks
    /// after them, never past `limit`; returns where the value starts.
    private func skipProperties(from offset: Int, at start: SourcePosition, limit: Int) -> (Int, SourcePosition) {
        var i = offset
        var position = start
        func advance() {
            i += SourceLines.scalarWidth(bytes[i])
            position.column += 1
        }
        while i < limit && i < bytes.count {
            let b = bytes[i]
            if b == 0x26 || b == 0x21 {
                while i < limit && i < bytes.count && !isBlank(bytes[i]) && SourceLines.breakWidth(bytes, at: i) == 0 {
                    advance()
                }
            } else if isBlank(b) {
                advance()
            } else if b == 0x23 {
                while i < limit && i < bytes.count && SourceLines.breakWidth(bytes, at: i) == 0 { advance() }
            } else {
                let width = SourceLines.breakWidth(bytes, at: i)
                guard width > 0 else { break }
                i += width
                position = SourcePosition(line: position.line + 1, column: 1)
            }
        }
        return (i, position)
    }

    /// The offset of the line after the one holding `offset` (past a block scalar's header).
    private func lineAfter(_ offset: Int) -> Int? {
        var i = offset
        while i < bytes.count {
            let width = SourceLines.breakWidth(bytes, at: i)
            if width > 0 { return i + width }
            i += 1
        }
        return nil
    }

    /// Plain and quoted scalars: source characters equal value characters, except that line
    /// folding turns a break (and the indentation around it) into a space or newline, and `''`
    /// stands for `'`. A backslash in a double-quoted scalar ends the trace.
    private func traceFlow(value: [UInt8], from contentStart: Int, at start: SourcePosition,
                           style: ScalarStyle) -> ScalarPositionMap {
        var map = ScalarPositionMap(runs: [])
        var position = start
        var s = contentStart, v = 0
        valueLoop: while v < value.count {
            let (vScalar, vWidth) = decode(value, at: v)
            while s < bytes.count {
                let breakWidth = SourceLines.breakWidth(bytes, at: s)
                let (sScalar, sWidth) = decode(bytes, at: s)
                if breakWidth == 0 && sScalar == vScalar {
                    map.append(position)
                    position.column += 1
                    s += sWidth
                    v += vWidth
                    continue valueLoop
                }
                if style == .doubleQuoted && sScalar == 0x5C { break valueLoop }
                if breakWidth > 0 {
                    // A folded break becomes a space or a newline in the value.
                    if vScalar == 0x20 || vScalar == 0x0A {
                        map.append(position)
                        v += vWidth
                    }
                    position = SourcePosition(line: position.line + 1, column: 1)
                    s += breakWidth
                    if vScalar == 0x20 || vScalar == 0x0A { continue valueLoop }
                    continue
                }
                if sScalar == 0x20 || sScalar == 0x09 || (style == .singleQuoted && sScalar == 0x27) {
                    position.column += 1
                    s += sWidth
                    continue
                }
                break valueLoop
            }
            break
        }
        if v == value.count { map.append(position) }
        return map
    }

    /// Literal block scalars: each line minus the block's indentation, breaks kept.
    private func traceLiteral(value: [UInt8], from bodyStart: Int, at start: SourcePosition) -> ScalarPositionMap {
        var map = ScalarPositionMap(runs: [])
        // The indentation is what the first non-blank line has beyond the value's own first line.
        var firstContent = bodyStart
        while firstContent < bytes.count && (bytes[firstContent] == 0x20 || SourceLines.breakWidth(bytes, at: firstContent) > 0) {
            firstContent += 1
        }
        var lineStart = firstContent
        while lineStart > bodyStart && SourceLines.breakWidth(bytes, at: lineStart - 1) == 0 { lineStart -= 1 }
        let sourceIndent = firstContent - lineStart
        var valueIndent = 0, k = 0
        while k < value.count && value[k] == 0x0A { k += 1 }
        while k < value.count && value[k] == 0x20 { valueIndent += 1; k += 1 }
        let indent = max(sourceIndent - valueIndent, 0)

        var s = bodyStart, v = 0
        var position = start
        while v < value.count && s < bytes.count {
            // Skip this line's indentation.
            var skipped = 0
            while skipped < indent && s < bytes.count && bytes[s] == 0x20 {
                s += 1
                skipped += 1
                position.column += 1
            }
            // Emit the line's characters, then its break.
            while v < value.count && s < bytes.count {
                let breakWidth = SourceLines.breakWidth(bytes, at: s)
                if breakWidth > 0 {
                    guard value[v] == 0x0A else { return finish(map, complete: false, position) }
                    map.append(position)
                    v += 1
                    s += breakWidth
                    position = SourcePosition(line: position.line + 1, column: 1)
                    break
                }
                let (sScalar, sWidth) = decode(bytes, at: s)
                let (vScalar, vWidth) = decode(value, at: v)
                guard sScalar == vScalar else { return finish(map, complete: false, position) }
                map.append(position)
                position.column += 1
                s += sWidth
                v += vWidth
            }
        }
        return finish(map, complete: v == value.count, position)
    }

    private func finish(_ map: ScalarPositionMap, complete: Bool, _ end: SourcePosition) -> ScalarPositionMap {
        var map = map
        if complete { map.append(end) }
        return map
    }

    /// The `#` comment on the same line after a plain scalar that ends at `offset`.
    private func trailingComment(after offset: Int, at end: SourcePosition) -> YAMLComment? {
        var i = offset
        var column = end.column
        while i < bytes.count && isBlank(bytes[i]) {
            i += 1
            column += 1
        }
        guard i < bytes.count, bytes[i] == 0x23 else { return nil }
        // `#` is a comment only after whitespace (or at the start of a line).
        guard column == 1 || (i > 0 && isBlank(bytes[i - 1])) else { return nil }
        var j = i, width = 0
        while j < bytes.count && SourceLines.breakWidth(bytes, at: j) == 0 {
            j += SourceLines.scalarWidth(bytes[j])
            width += 1
        }
        j = min(j, bytes.count)
        let span = SourceSpan(file: file, start: SourcePosition(line: end.line, column: column),
                              end: SourcePosition(line: end.line, column: column + width))
        return YAMLComment(span: span, text: String(decoding: bytes[i..<j], as: UTF8.self))
    }

    private func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    /// The Unicode scalar at `i` and its width in bytes (the input is valid UTF-8).
    private func decode(_ u: [UInt8], at i: Int) -> (UInt32, Int) {
        let lead = u[i]
        let width = SourceLines.scalarWidth(lead)
        guard width > 1, i + width <= u.count else { return (UInt32(lead), 1) }
        var scalar = UInt32(lead) & (width == 2 ? 0x1F : width == 3 ? 0x0F : 0x07)
        for k in 1..<width { scalar = scalar << 6 | UInt32(u[i + k] & 0x3F) }
        return (scalar, width)
    }
}
