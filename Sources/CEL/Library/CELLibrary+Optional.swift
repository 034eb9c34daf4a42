/// cel-go's optional values library, with its overload ids: `optional.of`,
/// `optional.ofNonZeroValue`, `optional.none`, `hasValue`, `value`, `or`, `orValue`, the optional
/// index `a[?k]`, indexing an optional `opt[k]` (the standard `_[_]`, which chains), the markers of
/// `[?x]` and `{?k: v}`, and the optional selection `a.?f`, which the checker types itself, like a
/// selection (so it declares no overload). `or`/`orValue` are planned to short-circuit
/// (`CELPlanner.planOptionalFallback`); other implementations are in `CELOptionalLibrary`.
extension CELLibrary {
    static let optional: CELLibrary = {
        let a = CELType.typeParam("A")
        let k = CELType.typeParam("K")
        let v = CELType.typeParam("V")
        let optionalA = CELOptionalSyntax.type(a)
        let optionalV = CELOptionalSyntax.type(v)
        func optionalMember(_ id: String, _ parameters: [CELType], _ result: CELType) -> CELOverload {
            member(id, parameters, result, ["A"])
        }
        var library = CELLibrary()
        library.declare("optional.of", [global("optional_of", [a], optionalA, ["A"])], .unary { .optional($0) })
        library.declare("optional.ofNonZeroValue", [global("optional_ofNonZeroValue", [a], optionalA, ["A"])],
                        .unary { CELOptionalLibrary.isZero($0) ? .optional(nil) : .optional($0) })
        library.declare("optional.none", [global("optional_none", [], optionalA, ["A"])], .variadic { arguments in
            arguments.isEmpty ? .optional(nil) : .error(CELError(.noSuchOverload, "no such overload: optional.none"))
        })
        library.declare("hasValue", [optionalMember("optional_hasValue", [optionalA], .bool)], .unary { value in
            guard case .optional(let wrapped) = value else { return .error(.noOverload("hasValue", value)) }
            return .bool(wrapped != nil)
        })
        library.declare("value", [optionalMember("optional_value", [optionalA], a)], .unary { value in
            guard case .optional(let wrapped) = value else { return .error(.noOverload("value", value)) }
            return wrapped ?? .error(CELError(.invalidArgument, "optional.none() dereference"))
        })
        library.declare("or", [optionalMember("optional_or_optional", [optionalA, optionalA], optionalA)],
                        .binary { receiver, other in
            guard case .optional(let wrapped) = receiver else { return .error(.noOverload("or", receiver, other)) }
            if wrapped != nil { return receiver }
            guard case .optional = other else { return .error(.noOverload("or", receiver, other)) }
            return other
        })
        library.declare("orValue", [optionalMember("optional_orValue_value", [optionalA, a], a)], .binary { receiver, other in
            guard case .optional(let wrapped) = receiver else { return .error(.noOverload("orValue", receiver, other)) }
            return wrapped ?? other
        })
        library.declare(CELOptionalSyntax.select, [], .binary { container, field in
            guard case .string(let name) = field else { return .error(.noOverload(CELOptionalSyntax.select, container, field)) }
            return CELOptionalLibrary.select(container, name)
        })
        library.declare(CELOptionalSyntax.index, [
            global("list_optindex_optional_int", [.list(a), .int], optionalA, ["A"]),
            global("optional_list_optindex_optional_int", [CELOptionalSyntax.type(.list(a)), .int], optionalA, ["A"]),
            global("map_optindex_optional_value", [.map(k, v), k], optionalV, ["K", "V"]),
            global("optional_map_optindex_optional_value", [CELOptionalSyntax.type(.map(k, v)), k], optionalV, ["K", "V"]),
        ], .binary(CELOptionalLibrary.index))
        library.declare("_[_]", [
            global("optional_list_index_int", [CELOptionalSyntax.type(.list(a)), .int], optionalA, ["A"]),
            global("optional_map_index_value", [CELOptionalSyntax.type(.map(k, v)), k], optionalV, ["K", "V"]),
        ])
        // The markers of `[?x]` and `{?k: v}` pass the optional on; the list or map literal
        // unwraps it or leaves the element out (`CELPlanner.planList`, `planMap`).
        library.declare(CELOptionalSyntax.element, [global("optional_element", [optionalA], a, ["A"])], .unary { $0 })
        library.declare(CELOptionalSyntax.entry, [global("optional_entry", [optionalA], a, ["A"])], .unary { $0 })
        return library
    }()
}
