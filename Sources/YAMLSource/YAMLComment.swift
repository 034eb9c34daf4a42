import Diagnostics

/// A `#` comment that libyaml skipped, kept so the CEL-in-YAML trap can quote it back.
public struct YAMLComment: Sendable, Hashable {
    /// From the `#` to the end of the line.
    public var span: SourceSpan
    /// The comment's text, `#` included.
    public var text: String

    public init(span: SourceSpan, text: String) {
        self.span = span
        self.text = text
    }
}
