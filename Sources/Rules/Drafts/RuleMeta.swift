import CEL
import YAMLSource

/// `meta`: free app data on awards, streaks, catalog modules and levels (docs/rules.md, "meta").
/// Not checked beyond being a mapping; kept as a CEL value so that catalog records can expose it
/// and the JSON decision can emit it.
///
/// One reader per rule file: mappings with the same keys in the same order (every award's
/// `{ icon, color }`, say) share one record shape, so each costs its values only, not its own
/// copy of the keys and their fingerprints.
struct RuleMeta {
    private var shapes = CELRecordShapeTable()

    /// The YAML value as CEL data: mappings become maps with string keys in written order,
    /// sequences lists, scalars their YAML 1.2 core-schema value.
    mutating func value(of node: YAMLNode) -> CELValue {
        switch node.kind {
        case .mapping(let pairs):
            let keys = pairs.map { NodeReader.keyText($0.key) }
            let values = pairs.map { value(of: $0.value) }
            return .map(CELMap(shape: shape(of: keys), values: values))
        case .sequence(let items):
            return .list(CELList(items.map { value(of: $0) }))
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

    private mutating func shape(of keys: [String]) -> CELRecordShape {
        if let known = shapes[keys] { return known }
        let shape = CELRecordShape(fields: keys)
        shapes[keys] = shape
        return shape
    }
}
