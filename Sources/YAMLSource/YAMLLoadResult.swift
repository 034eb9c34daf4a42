import Diagnostics

/// What loading one file produced: the document when it could be built, and every problem found.
/// A document may come with errors (a duplicate key is reported and the first entry kept).
public struct YAMLLoadResult: Sendable {
    public var document: YAMLDocument?
    public var diagnostics: [Diagnostic]

    public init(document: YAMLDocument?, diagnostics: [Diagnostic]) {
        self.document = document
        self.diagnostics = diagnostics
    }

    /// True when some diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
