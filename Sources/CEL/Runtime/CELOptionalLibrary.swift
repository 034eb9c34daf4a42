/// cel-go's optional values at run time: `optional.of`, `optional.none`,
/// `optional.ofNonZeroValue`, `hasValue`, `value`, `or`, `orValue`, optional selection
/// `a.?f` and indexing `a[?k]`, and chaining (a field or index of an optional is optional).
/// `or`/`orValue` are planned to short-circuit (`CELPlanner.planOptionalFallback`).
enum CELOptionalLibrary {
    static let table: [String: CELFunction] = {
        var t: [String: CELFunction] = [:]
        t["optional.of"] = .unary { .optional($0) }
        t["optional.none"] = .variadic { arguments in
            arguments.isEmpty ? .optional(nil) : .error(CELError(.noSuchOverload, "no such overload: optional.none"))
        }
        t["optional.ofNonZeroValue"] = .unary { isZero($0) ? .optional(nil) : .optional($0) }
        t["hasValue"] = .unary { value in
            guard case .optional(let wrapped) = value else { return .error(.noOverload("hasValue", value)) }
            return .bool(wrapped != nil)
        }
        t["value"] = .unary { value in
            guard case .optional(let wrapped) = value else { return .error(.noOverload("value", value)) }
            return wrapped ?? .error(CELError(.invalidArgument, "optional.none() dereference"))
        }
        t["or"] = .binary { receiver, other in
            guard case .optional(let wrapped) = receiver else { return .error(.noOverload("or", receiver, other)) }
            if wrapped != nil { return receiver }
            guard case .optional = other else { return .error(.noOverload("or", receiver, other)) }
            return other
        }
        t["orValue"] = .binary { receiver, other in
            guard case .optional(let wrapped) = receiver else { return .error(.noOverload("orValue", receiver, other)) }
            return wrapped ?? other
        }
        t[CELOptionalSyntax.select] = .binary { container, field in
            guard case .string(let name) = field else { return .error(.noOverload(CELOptionalSyntax.select, container, field)) }
            return select(container, name)
        }
        t[CELOptionalSyntax.index] = .binary(index)
        // The markers of `[?x]` and `{?k: v}` pass the optional on; the list or map literal
        // unwraps it or leaves the element out (`CELPlanner.planList`, `planMap`).
        t[CELOptionalSyntax.element] = .unary { $0 }
        t[CELOptionalSyntax.entry] = .unary { $0 }
        return t
    }()

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
