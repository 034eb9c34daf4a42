import Diagnostics

/// How a scalar was written in the source; decides typing (quoted is always a string) and
/// how offsets inside it map back to file positions.
package enum ScalarStyle: String, Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// A scalar typed by the YAML 1.2 core schema (never YAML 1.1: `yes` is a string).
package enum YAMLScalarValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
}

/// One key/value entry of a mapping, in source order.
package struct YAMLPair: Sendable {
    package var key: YAMLNode
    package var value: YAMLNode

    package init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// A node of the document tree, with everything a diagnostic needs to point at it.
package struct YAMLNode: Sendable {
    // Not `indirect`: the arrays already break the recursion, and a box per node would cost an
    // allocation for every scalar.
    package enum Kind: Sendable {
        /// `text` is the scalar's value after YAML unescaping/folding.
        case scalar(text: String, style: ScalarStyle)
        case sequence([YAMLNode])
        /// Pairs in source order, with `<<` merge keys already expanded (explicit keys win).
        case mapping([YAMLPair])
    }

    package var kind: Kind
    /// Where the node is written (for an alias: where the alias is written).
    package var span: SourceSpan
    /// The explicit tag as written in shorthand (`!x`, `!!str`), if any. Verbatim tags keep their
    /// full form (`tag:example.com,2026:x`).
    package var tag: String?
    /// The anchor defined on this node (`&a`), if any. A node produced by an alias `*a` carries
    /// the name `a` of the anchor it copies.
    package var anchor: String?
    /// True when this node was produced by an alias (`*a`).
    package var isAlias: Bool
    /// For scalars: maps an offset (in Unicode scalars) inside `text` to its position in the file.
    /// `nil` for non-scalars and folded (`>`) scalars; it stops at the first character it cannot
    /// trace exactly (a backslash escape in a double-quoted scalar).
    package var scalarMap: ScalarPositionMap?
    /// True for a flow collection (`[a, b]`, `{a: 1}`); false for block collections and scalars.
    package var isFlowCollection: Bool
    /// For a plain scalar: a `#` comment on the same line right after it. libyaml drops comments,
    /// so this is the only trace of text that a person may have meant as part of the value.
    package var trailingComment: YAMLComment? {
        get { trailingComments.first }
        set { trailingComments = newValue.map { [$0] } ?? [] }
    }
    /// Storage for `trailingComment`: an array keeps a node small (and cheap to copy) when, as
    /// nearly always, there is no comment.
    private var trailingComments: [YAMLComment]

    package init(kind: Kind, span: SourceSpan, tag: String? = nil, anchor: String? = nil,
                isAlias: Bool = false, scalarMap: ScalarPositionMap? = nil,
                isFlowCollection: Bool = false, trailingComment: YAMLComment? = nil) {
        self.kind = kind
        self.span = span
        self.tag = tag
        self.anchor = anchor
        self.isAlias = isAlias
        self.scalarMap = scalarMap
        self.isFlowCollection = isFlowCollection
        self.trailingComments = trailingComment.map { [$0] } ?? []
    }
}
