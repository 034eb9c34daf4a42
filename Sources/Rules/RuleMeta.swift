import CEL
import YAMLSource

/// `meta`: free app data on awards, streaks, catalog modules and levels (docs/rules.md, "meta").
/// Not checked beyond being a mapping; kept as a CEL value so that catalog records can expose it
/// and the JSON decision can emit it.
enum RuleMeta {
    /// The YAML value as CEL data: mappings become maps with string keys in written order,
    /// sequences lists, scalars their YAML 1.2 core-schema value.
    static func value(of node: YAMLNode) -> CELValue {
        switch node.kind {
        case .mapping(let pairs):
            return .map(CELMap(strings: pairs.map { (key: NodeReader.keyText($0.key), value: value(of: $0.value)) }))
        case .sequence(let items):
            return .list(CELList(items.map(value(of:))))
        case .scalar(let text, _):
            switch node.scalarValue {
            case .null?: return .null
            case .bool(let flag)?: return .bool(flag)
            case .int(let number)?: return .int(number)
            case .double(let number)?: return .double(number)
            case .string(let string)?: return .string(string)
            case nil: return .string(text)
            }
        }
    }
}
