import Diagnostics

/// What loading one file produced: the document when it could be built, and every problem found.
/// A document may come with errors (a duplicate key is reported and the first entry kept).
package struct YAMLLoadResult: Sendable {
    package var document: YAMLDocument?
    package var diagnostics: [Diagnostic]
    /// The file's text when it was parsed but no document came of it (a syntax error), so the
    /// error can be shown on its line; the document holds it otherwise.
    package var unreadText: String?

    package init(document: YAMLDocument?, diagnostics: [Diagnostic], unreadText: String? = nil) {
        self.document = document
        self.diagnostics = diagnostics
        self.unreadText = unreadText
    }

    /// True when some diagnostic is an error.
    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
