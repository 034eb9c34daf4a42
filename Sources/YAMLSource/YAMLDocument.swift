import Diagnostics

/// A loaded file: its root node and raw text (for rendering source lines in diagnostics).
package struct YAMLDocument: Sendable {
    package var file: String
    package var root: YAMLNode
    private var lines: SourceLines

    package init(file: String, root: YAMLNode, sourceText: String) {
        self.file = file
        self.root = root
        self.lines = SourceLines(bytes: Array(sourceText.utf8))
    }

    init(file: String, root: YAMLNode, lines: SourceLines) {
        self.file = file
        self.root = root
        self.lines = lines
    }

    /// The file's text, made from its bytes when asked: a document holds its file once.
    package var sourceText: String { String(decoding: lines.bytes, as: UTF8.self) }

    /// The file's text, made after the tree is released: a loader that keeps each file's text
    /// (for diagnostics) then never holds a tree and a second copy of its file at once. The tree
    /// is freed only if no other copy of this document holds it.
    package consuming func sourceTextReleasingTree() -> String {
        let bytes = lines.bytes
        root = YAMLNode(kind: .sequence([]), span: .file(file))
        lines = SourceLines(bytes: [])
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of 1-based line `number` without its line break, or nil past the end. Lines are
    /// counted as libyaml counts them, so a node's `span.start.line` indexes the right line.
    package func line(_ number: Int) -> String? {
        lines.line(number)
    }

    /// Number of lines (a final line break starts an empty last line).
    package var lineCount: Int { lines.lineCount }
}
