/// A problem found while parsing or checking, with its place in the expression source.
package struct CELIssue: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    /// Offset of the offending token, in Unicode scalars from the start of the source.
    package var offset: Int
    /// Length of the offending token in Unicode scalars (at least 1).
    package var length: Int
    /// 1-based line and column (Unicode scalars) inside the expression source.
    package var line: Int
    package var column: Int
    package init(message: String, offset: Int, length: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.length = length
        self.line = line
        self.column = column
    }

    /// `line:column: message`.
    package var description: String { "\(line):\(column): \(message)" }
}

/// Everything wrong with one expression, sorted by position.
package struct CELCompileErrors: Error, Sendable {
    package var issues: [CELIssue]
    package init(issues: [CELIssue]) { self.issues = issues }
}
