/// Turns libyaml marks into byte offsets. A mark's `index` counts characters from the start of
/// the stream (a BOM excluded); events arrive in file order, so a cursor that only moves forward
/// costs one pass over the file in total instead of a walk from the line start for every mark.
struct MarkCursor {
    private let lines: SourceLines
    private let base: Int
    private var index = 0
    private var offset: Int
    /// The bytes from `offset` up to here are ASCII (one character each), when it is ahead.
    private var asciiEnd = 0

    init(lines: SourceLines) {
        self.lines = lines
        self.base = lines.lineStarts.first ?? 0
        self.offset = base
    }

    /// The byte offset of `mark`, clamped to the file.
    mutating func offset(of mark: LibYAMLEvent.Mark) -> Int {
        let bytes = lines.bytes
        if lines.isASCII { return min(base + max(mark.index, 0), bytes.count) }
        if mark.index < index {
            // Rare: a mark behind the cursor. Restart from its line.
            offset = lines.offset(line: mark.line, column: mark.column)
            index = mark.index
            asciiEnd = offset
            return offset
        }
        while index < mark.index && offset < bytes.count {
            if offset >= asciiEnd { asciiEnd = bytes.withUnsafeBytes { ASCIIRun.end(in: $0, from: offset) } }
            if offset < asciiEnd {
                // A run of ASCII is crossed at once: a character a byte.
                let step = min(asciiEnd - offset, mark.index - index)
                offset += step
                index += step
            } else {
                offset += SourceLines.scalarWidth(bytes[offset])
                index += 1
            }
        }
        return min(offset, bytes.count)
    }
}
