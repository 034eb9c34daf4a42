import YAMLSource

/// A CEL expression as written: the scalar node keeps positions for error mapping.
struct ExpressionDraft: Sendable {
    var source: String
    var node: YAMLNode
    /// The field it was written in (`when`, `counts`), for messages.
    var field: String
}
