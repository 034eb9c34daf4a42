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
///
/// Stored compactly, since a rule file's tree holds a node for every key and value: the span as
/// the file's shared path string and 32-bit lines and columns, the rare parts (tag, anchor,
/// trailing comment, a span that does not fit) in one optional box. The properties read and
/// write as plain values.
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

    /// What few nodes have, kept out of line.
    private final class Rare: Sendable {
        let tag: String?
        let anchor: String?
        let trailingComment: YAMLComment?
        /// The span, when its numbers do not fit in `PackedSpan`.
        let span: SourceSpan?

        init(tag: String?, anchor: String?, trailingComment: YAMLComment?, span: SourceSpan?) {
            self.tag = tag
            self.anchor = anchor
            self.trailingComment = trailingComment
            self.span = span
        }

        var isEmpty: Bool { tag == nil && anchor == nil && trailingComment == nil && span == nil }
    }

    /// A span's lines and columns in 32 bits each (a rule file is at most 10 MB).
    private struct PackedSpan: Sendable {
        var startLine: UInt32, startColumn: UInt32, endLine: UInt32, endColumn: UInt32

        init?(_ span: SourceSpan) {
            guard let startLine = UInt32(exactly: span.start.line), let startColumn = UInt32(exactly: span.start.column),
                  let endLine = UInt32(exactly: span.end.line), let endColumn = UInt32(exactly: span.end.column)
            else { return nil }
            (self.startLine, self.startColumn, self.endLine, self.endColumn) = (startLine, startColumn, endLine, endColumn)
        }

        private init(startLine: UInt32, startColumn: UInt32, endLine: UInt32, endColumn: UInt32) {
            (self.startLine, self.startColumn, self.endLine, self.endColumn) = (startLine, startColumn, endLine, endColumn)
        }

        /// Stands in when the span is kept whole in `Rare`.
        static let zero = PackedSpan(startLine: 0, startColumn: 0, endLine: 0, endColumn: 0)

        func span(in file: String) -> SourceSpan {
            SourceSpan(file: file, start: SourcePosition(line: Int(startLine), column: Int(startColumn)),
                       end: SourcePosition(line: Int(endLine), column: Int(endColumn)))
        }
    }

    package var kind: Kind
    private var flags: UInt8 = 0
    private var packedSpan: PackedSpan
    private var file: String
    /// For scalars: maps an offset (in Unicode scalars) inside `text` to its position in the file.
    /// `nil` for non-scalars and folded (`>`) scalars; it stops at the first character it cannot
    /// trace exactly (a backslash escape in a double-quoted scalar).
    package var scalarMap: ScalarPositionMap?
    private var rare: Rare?

    private static let aliasFlag: UInt8 = 1
    private static let flowFlag: UInt8 = 2

    /// Where the node is written (for an alias: where the alias is written).
    package var span: SourceSpan {
        get { rare?.span ?? packedSpan.span(in: file) }
        set {
            file = newValue.file
            let packed = PackedSpan(newValue)
            packedSpan = packed ?? .zero
            setRare(tag: tag, anchor: anchor, trailingComment: trailingComment, span: packed == nil ? newValue : nil)
        }
    }
    /// The explicit tag as written in shorthand (`!x`, `!!str`), if any. Verbatim tags keep their
    /// full form (`tag:example.com,2026:x`).
    package var tag: String? {
        get { rare?.tag }
        set { setRare(tag: newValue, anchor: anchor, trailingComment: trailingComment, span: rare?.span) }
    }
    /// The anchor defined on this node (`&a`), if any. A node produced by an alias `*a` carries
    /// the name `a` of the anchor it copies.
    package var anchor: String? {
        get { rare?.anchor }
        set { setRare(tag: tag, anchor: newValue, trailingComment: trailingComment, span: rare?.span) }
    }
    /// True when this node was produced by an alias (`*a`).
    package var isAlias: Bool {
        get { flags & Self.aliasFlag != 0 }
        set { flags = newValue ? flags | Self.aliasFlag : flags & ~Self.aliasFlag }
    }
    /// True for a flow collection (`[a, b]`, `{a: 1}`); false for block collections and scalars.
    package var isFlowCollection: Bool {
        get { flags & Self.flowFlag != 0 }
        set { flags = newValue ? flags | Self.flowFlag : flags & ~Self.flowFlag }
    }
    /// For a plain scalar: a `#` comment on the same line right after it. libyaml drops comments,
    /// so this is the only trace of text that a person may have meant as part of the value.
    package var trailingComment: YAMLComment? {
        get { rare?.trailingComment }
        set { setRare(tag: tag, anchor: anchor, trailingComment: newValue, span: rare?.span) }
    }

    private mutating func setRare(tag: String?, anchor: String?, trailingComment: YAMLComment?, span: SourceSpan?) {
        let box = Rare(tag: tag, anchor: anchor, trailingComment: trailingComment, span: span)
        rare = box.isEmpty ? nil : box
    }

    package init(kind: Kind, span: SourceSpan, tag: String? = nil, anchor: String? = nil,
                isAlias: Bool = false, scalarMap: ScalarPositionMap? = nil,
                isFlowCollection: Bool = false, trailingComment: YAMLComment? = nil) {
        self.kind = kind
        self.file = span.file
        let packed = PackedSpan(span)
        self.packedSpan = packed ?? .zero
        self.scalarMap = scalarMap
        setRare(tag: tag, anchor: anchor, trailingComment: trailingComment, span: packed == nil ? span : nil)
        self.isAlias = isAlias
        self.isFlowCollection = isFlowCollection
    }
}
