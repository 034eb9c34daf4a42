import Diagnostics

/// How a scalar was written in the source; decides typing (quoted is always a string) and
/// how offsets inside it map back to file positions.
public enum ScalarStyle: String, Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// A scalar typed by the YAML 1.2 core schema (never YAML 1.1: `yes` is a string).
public enum YAMLScalarValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
}

/// One key/value entry of a mapping, in source order.
public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// A node of the document tree, with everything a diagnostic needs to point at it.
public struct YAMLNode: Sendable {
    public indirect enum Kind: Sendable {
        /// `text` is the scalar's value after YAML unescaping/folding.
        case scalar(text: String, style: ScalarStyle)
        case sequence([YAMLNode])
        /// Pairs in source order, with `<<` merge keys already expanded (explicit keys win).
        case mapping([YAMLPair])
    }

    public var kind: Kind
    /// Where the node is written (for an alias: where the alias is written).
    public var span: SourceSpan
    /// The explicit tag (`!x`, `!!str`), if any.
    public var tag: String?
    /// The anchor defined on this node (`&a`), if any.
    public var anchor: String?
    /// True when this node was produced by an alias (`*a`).
    public var isAlias: Bool
    /// For scalars: maps an offset (in Unicode scalars) inside `text` to its position in the file.
    /// `nil` for non-scalars, and for scalars where the mapping is not exact (escapes, folding).
    public var scalarMap: ScalarPositionMap?

    public init(kind: Kind, span: SourceSpan, tag: String? = nil, anchor: String? = nil,
                isAlias: Bool = false, scalarMap: ScalarPositionMap? = nil) {
        self.kind = kind
        self.span = span
        self.tag = tag
        self.anchor = anchor
        self.isAlias = isAlias
        self.scalarMap = scalarMap
    }
}

/// Maps offsets inside a scalar's value back to file positions. Built by the loader from the raw
/// source for plain, single- and double-quoted (up to the first escape) and literal block scalars.
public struct ScalarPositionMap: Sendable, Hashable {
    /// `positions[i]` is the file position of the value's i-th Unicode scalar; one extra entry
    /// for the end. Entries may be missing (shorter array) past the first untraceable character.
    public var positions: [SourcePosition]

    public init(positions: [SourcePosition]) {
        self.positions = positions
    }

    /// The file position of value offset `offset`, if known.
    public func position(ofOffset offset: Int) -> SourcePosition? {
        offset >= 0 && offset < positions.count ? positions[offset] : nil
    }
}

/// A loaded file: its root node and raw text (for rendering source lines in diagnostics).
public struct YAMLDocument: Sendable {
    public var file: String
    public var root: YAMLNode
    public var sourceText: String

    public init(file: String, root: YAMLNode, sourceText: String) {
        self.file = file
        self.root = root
        self.sourceText = sourceText
    }
}
