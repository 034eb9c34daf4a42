/// A problem found while parsing or checking, with its place in the expression source.
public struct CELIssue: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// Offset of the offending token, in Unicode scalars from the start of the source.
    public var offset: Int
    /// Length of the offending token in Unicode scalars (at least 1).
    public var length: Int
    /// 1-based line and column (Unicode scalars) inside the expression source.
    public var line: Int
    public var column: Int
    public init(message: String, offset: Int, length: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.length = length
        self.line = line
        self.column = column
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}

/// Everything wrong with one expression, sorted by position.
public struct CELCompileErrors: Error, Sendable {
    public var issues: [CELIssue]
    public init(issues: [CELIssue]) { self.issues = issues }
}
