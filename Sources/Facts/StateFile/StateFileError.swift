import JSON
/// Why a state file cannot be used (docs/state-file.md; docs/bad-input.md): the file, the JSON path of the offending value
/// and what is wrong. Syntax errors also carry a line and column.
public struct StateFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var path: JSONPath
    public var message: String
    public var line: Int?
    public var column: Int?

    public init(file: String, path: JSONPath, message: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.path = path
        self.message = message
        self.line = line
        self.column = column
    }

    /// `state.json: events[17].at: timestamp has no UTC offset`, or with a position
    /// `state.json:3:14: events[0]: unexpected ','; expected a value`, or for the whole document
    /// `state.json: the state must be a JSON object, found an array`.
    public var description: String {
        var text = file
        if let line, let column { text += ":\(line):\(column)" }
        // A problem with the document as a whole names no path.
        return path.components.isEmpty ? text + ": \(message)" : text + ": \(path): \(message)"
    }
}
