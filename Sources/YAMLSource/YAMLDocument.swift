import Diagnostics

/// A loaded file: its root node and raw text (for rendering source lines in diagnostics).
public struct YAMLDocument: Sendable {
    public var file: String
    public var root: YAMLNode
    public var sourceText: String {
        didSet { lines = SourceLines(bytes: Array(sourceText.utf8)) }
    }
    private var lines: SourceLines

    public init(file: String, root: YAMLNode, sourceText: String) {
        self.file = file
        self.root = root
        self.sourceText = sourceText
        self.lines = SourceLines(bytes: Array(sourceText.utf8))
    }

    init(file: String, root: YAMLNode, sourceText: String, lines: SourceLines) {
        self.file = file
        self.root = root
        self.sourceText = sourceText
        self.lines = lines
    }

    /// The text of 1-based line `number` without its line break, or nil past the end. Lines are
    /// counted as libyaml counts them, so a node's `span.start.line` indexes the right line.
    public func line(_ number: Int) -> String? {
        lines.line(number)
    }

    /// Number of lines (a final line break starts an empty last line).
    public var lineCount: Int { lines.lineCount }
}
