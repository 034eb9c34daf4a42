import Diagnostics

/// A `#` comment that libyaml skipped, kept so the CEL-in-YAML trap can quote it back.
package struct YAMLComment: Sendable, Hashable {
    /// From the `#` to the end of the line.
    package var span: SourceSpan
    /// The comment's text, `#` included.
    package var text: String

    package init(span: SourceSpan, text: String) {
        self.span = span
        self.text = text
    }
}
