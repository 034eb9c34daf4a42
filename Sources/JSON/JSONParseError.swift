/// A JSON syntax error: what is wrong, where (1-based line and column, counted in Unicode
/// scalars) and inside which value (`events[3].at`).
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int
    public var path: JSONPath

    public init(message: String, line: Int, column: Int, path: JSONPath) {
        self.message = message
        self.line = line
        self.column = column
        self.path = path
    }

    public var description: String { "\(line):\(column): \(message) (at \(path))" }
}
