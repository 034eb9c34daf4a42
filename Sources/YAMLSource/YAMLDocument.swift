import Diagnostics

/// A loaded file: its root node and raw text (for rendering source lines in diagnostics).
package struct YAMLDocument: Sendable {
    package var file: String
    package var root: YAMLNode
    package var sourceText: String {
        didSet { lines = SourceLines(bytes: Array(sourceText.utf8)) }
    }
    private var lines: SourceLines

    package init(file: String, root: YAMLNode, sourceText: String) {
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
    package func line(_ number: Int) -> String? {
        lines.line(number)
    }

    /// Number of lines (a final line break starts an empty last line).
    package var lineCount: Int { lines.lineCount }
}
