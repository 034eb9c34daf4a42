/// A JSON syntax error: what is wrong, where (1-based line and column, counted in Unicode
/// scalars) and inside which value (`events[3].at`).
package struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    package var line: Int
    package var column: Int
    package var path: JSONPath

    package init(message: String, line: Int, column: Int, path: JSONPath) {
        self.message = message
        self.line = line
        self.column = column
        self.path = path
    }

    package var description: String { "\(line):\(column): \(message) (at \(path))" }
}
