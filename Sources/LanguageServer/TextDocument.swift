import JSON

/// An open buffer: the client's text of one file and its version.
package struct TextDocument: Sendable {
    package var uri: String
    /// The file it stands for; nil for a URI that names no file.
    package var path: String?
    package var version: Int
    package private(set) var text: String
    package private(set) var lines: LineTable

    package init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.path = DocumentURI.path(of: uri)
        self.version = version
        self.text = text
        self.lines = LineTable(text)
    }

    /// Applies `textDocument/didChange`'s content changes in order: a change with a range
    /// replaces it, one without replaces the whole text.
    package mutating func apply(_ changes: [JSONValue], version: Int) {
        for change in changes {
            guard let replacement = change["text"]?.stringValue else { continue }
            if let range = LSPRange(change["range"]) {
                text = lines.replacing(range, with: replacement)
            } else {
                text = replacement
            }
            lines = LineTable(text)
        }
        self.version = version
    }
}
