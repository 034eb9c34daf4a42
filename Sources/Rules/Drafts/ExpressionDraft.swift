import Diagnostics
import YAMLSource

/// A CEL expression as written: where its scalar is, and how offsets inside it map to file
/// positions (for error mapping). Not the scalar node itself: the drafts outlive the YAML tree.
struct ExpressionDraft: Sendable {
    var source: String
    /// Where the scalar is written.
    var span: SourceSpan
    /// Offsets inside `source` to file positions; `nil` when the loader could not trace them.
    var scalarMap: ScalarPositionMap?
    /// The field it was written in (`when`, `counts`), for messages.
    var field: String

    init(source: String, node: YAMLNode, field: String) {
        self.source = source
        self.span = node.span
        self.scalarMap = node.scalarMap
        self.field = field
    }
}
