import Diagnostics
import Facts
import JSON

/// Why a compiled rule bundle cannot be used: where in the JSON document (and, for an expression,
/// where the rule file had it), and what is wrong.
public struct RuleBundleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bundle file as named by the caller (`""` for bytes in memory).
    public var file: String
    /// The JSON path of the offending value (`achievements[3].when.source`).
    public var path: JSONPath
    public var message: String
    /// For a JSON syntax error: the line and column in the bundle.
    public var line: Int?
    public var column: Int?
    /// For an expression: where its rule file had it (`rules/taskmate/x.yaml:12:9`).
    public var source: SourceSpan?

    public init(file: String, path: JSONPath, message: String, line: Int? = nil, column: Int? = nil,
                source: SourceSpan? = nil) {
        self.file = file
        self.path = path
        self.message = message
        self.line = line
        self.column = column
        self.source = source
    }

    /// `rules.json:3:14: $.format: message` (position only for JSON syntax errors), then the rule
    /// file's position of an expression in parentheses.
    public var description: String {
        var text = file.isEmpty ? "" : file + ":"
        if let line, let column { text += "\(line):\(column):" }
        text += (text.isEmpty ? "" : " ") + "\(path): \(message)"
        if let source { text += " (written at \(source.file):\(source.start.line):\(source.start.column))" }
        return text
    }
}
