import CEL

/// Short, deterministic text for a CEL value in an explanation: scalars in full, lists and maps
/// by size (small lists of scalars in full), timestamps in a given offset.
package enum ExplanationValueText {
    /// Lists of scalars up to this many elements are written out.
    static let listedElements = 5

    package static func text(_ value: CELValue, offsetSeconds: Int = 0) -> String {
        switch value {
        case .null: return "null"
        case .bool(let v): return v ? "true" : "false"
        case .int(let v): return String(v)
        case .uint(let v): return "\(v)u"
        case .double, .string: return value.description
        case .bytes(let v): return "b\"\(v.count) bytes\""
        case .timestamp(let v): return v.rfc3339(offsetSeconds: offsetSeconds)
        case .duration(let v): return "duration(\(v.seconds)s)"
        case .type(let v): return v.runtimeName
        case .optional: return value.description
        case .error(let error): return "error: \(error.message)"
        case .list(let list):
            if list.isEmpty { return "[] (empty list)" }
            if list.count <= listedElements, list.allSatisfy(isScalar) {
                return "[" + list.map { text($0, offsetSeconds: offsetSeconds) }.joined(separator: ", ") + "]"
            }
            return "list of \(list.count)"
        case .map(let map):
            return map.count == 1 ? "map of 1 entry" : "map of \(map.count) entries"
        }
    }

    static func isScalar(_ value: CELValue) -> Bool {
        switch value {
        case .list, .map: false
        default: true
        }
    }
}
