/// A 1-based line and column inside a source file. Columns count Unicode scalars.
///
/// Stored in 32 bits each: every node, name and expression of a rule set carries spans, and the
/// files they point into are at most 10 MB (`YAMLLoader.maxFileSize`), so lines and columns fit
/// with room to spare. A value outside that range (only a forged bundle could give one) is
/// clamped to it; the properties read and write as `Int`, and encode as plain integers.
public struct SourcePosition: Sendable, Hashable, Comparable, Codable {
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Self.clamped(newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Self.clamped(newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Self.clamped(line)
        storedColumn = Self.clamped(column)
    }

    /// Whether `number` is a line or column a position holds as given (not clamped).
    public static func represents(_ number: Int) -> Bool {
        Int32(exactly: number) != nil
    }

    private static func clamped(_ number: Int) -> Int32 {
        Int32(clamping: number)
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.storedLine, a.storedColumn) < (b.storedLine, b.storedColumn)
    }

    private enum CodingKeys: String, CodingKey {
        case line, column
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(line: try container.decode(Int.self, forKey: .line),
                  column: try container.decode(Int.self, forKey: .column))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
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
