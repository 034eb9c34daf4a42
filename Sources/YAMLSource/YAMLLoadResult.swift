import Diagnostics

/// What loading one file produced: the document when it could be built, and every problem found.
/// A document may come with errors (a duplicate key is reported and the first entry kept).
package struct YAMLLoadResult: Sendable {
    package var document: YAMLDocument?
    package var diagnostics: [Diagnostic]

    package init(document: YAMLDocument?, diagnostics: [Diagnostic]) {
        self.document = document
        self.diagnostics = diagnostics
    }

    /// True when some diagnostic is an error.
    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
