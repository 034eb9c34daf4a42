/// cel-go's optional values at run time: `optional.of`, `optional.none`,
/// `optional.ofNonZeroValue`, `hasValue`, `value`, `or`, `orValue`, optional selection
/// `a.?f` and indexing `a[?k]`, and chaining (a field or index of an optional is optional).
/// Declared in `CELLibrary.optional`.
enum CELOptionalLibrary {
    /// The zero value of each kind, which `optional.ofNonZeroValue` turns into `optional.none()`.
    static func isZero(_ value: CELValue) -> Bool {
        switch value {
        case .null: true
        case .bool(let b): !b
        case .int(let i): i == 0
        case .uint(let u): u == 0
        case .double(let d): d == 0
        case .string(let s): s.isEmpty
        case .bytes(let b): b.isEmpty
        case .list(let l): l.isEmpty
        case .map(let m): m.count == 0
        case .duration(let d): d.seconds == 0 && d.nanos == 0
        case .timestamp(let t): t.seconds == 0 && t.nanos == 0
        case .optional(let wrapped): wrapped == nil
        case .type, .error: false
        }
    }

    /// `container.?name`: the field as an optional; absent is `optional.none()`.
    static func select(_ container: CELValue, _ name: String) -> CELValue {
        switch container {
        case .map(let map):
            return .optional(map.storage.value(forString: name))
        case .optional(let wrapped):
            guard let inner = wrapped else { return container }
            return select(inner, name)
        case .error:
            return container
        default:
            return .error(CELError(.noSuchField, "type '\(container.typeName)' does not support field selection"))
        }
    }

    /// `container[?key]`: the element or entry as an optional; out of range or absent is
    /// `optional.none()`, a key of the wrong kind is an error.
    static func index(_ container: CELValue, _ key: CELValue) -> CELValue {
        switch container {
        case .optional(let wrapped):
            guard let inner = wrapped else { return container }
            return index(inner, key)
        case .list, .map:
            let found = CELStandardLibrary.index(container, key)
            guard case .error(let error) = found else { return .optional(found) }
            let absent = error.kind == .noSuchKey || error.message.hasPrefix("index out of bounds")
            return absent ? .optional(nil) : found
        case .error:
            return container
        default:
            return .error(.noOverload(CELOptionalSyntax.index, container, key))
        }
    }
}
