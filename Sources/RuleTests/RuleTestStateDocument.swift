import JSON
import YAMLSource

/// An inline test state (a YAML mapping in a `tests` file) as the JSON tree a state file gives,
/// so that it is validated exactly like one (docs/state-file.md). Scalars keep their YAML 1.2 core types:
/// `2026-01-05T10:00:00+08:00` unquoted is a string, `25` an int, `73.2` a double.
package enum RuleTestStateDocument {
    package static func json(_ node: YAMLNode) -> JSONValue {
        switch node.kind {
        case .mapping(let pairs):
            return .object(JSONObject(pairs.map { pair in
                (key: pair.key.scalarText ?? "", value: json(pair.value))
            }))
        case .sequence(let items):
            return .array(items.map(json))
        case .scalar:
            switch node.scalarValue {
            case .null?, nil: return .null
            case .bool(let value)?: return .bool(value)
            case .int(let value)?: return .int(value)
            case .double(let value)?: return .double(value)
            case .string(let value)?: return .string(value)
            }
        }
    }
}
