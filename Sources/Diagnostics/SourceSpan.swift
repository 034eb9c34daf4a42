/// A 1-based line and column inside a source file. Columns count Unicode scalars.
public struct SourcePosition: Sendable, Hashable, Comparable, Codable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// A range of text in one file: `start` inclusive, `end` exclusive.
public struct SourceSpan: Sendable, Hashable, Codable {
    public var file: String
    public var start: SourcePosition
    public var end: SourcePosition

    public init(file: String, start: SourcePosition, end: SourcePosition) {
        self.file = file
        self.start = start
        self.end = end
    }

    /// A span that covers a whole file without pointing at a line (file-level problems).
    public static func file(_ path: String) -> SourceSpan {
        SourceSpan(file: path, start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1))
    }
}
