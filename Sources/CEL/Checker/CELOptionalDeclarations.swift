/// Declarations of cel-go's optional values library, with its overload ids: `optional.of`,
/// `optional.ofNonZeroValue`, `optional.none`, `hasValue`, `value`, `or`, `orValue`, the optional
/// index `a[?k]`, indexing an optional `opt[k]`, and the markers of `[?x]` and `{?k: v}`.
/// The optional field selection `a.?f` is typed by the checker itself, like a selection.
enum CELOptionalDeclarations {
    static let functions: [String: [CELOverload]] = {
        func global(_ id: String, _ parameters: [CELType], _ result: CELType, _ typeParameters: [String]) -> CELOverload {
            CELOverload(id: id, parameters: parameters, result: result, typeParameters: typeParameters)
        }
        func member(_ id: String, _ parameters: [CELType], _ result: CELType) -> CELOverload {
            CELOverload(id: id, parameters: parameters, result: result, typeParameters: ["A"], isInstance: true)
        }
        let a = CELType.typeParam("A")
        let k = CELType.typeParam("K")
        let v = CELType.typeParam("V")
        let optionalA = CELOptionalSyntax.type(a)
        let optionalV = CELOptionalSyntax.type(v)
        return [
            "optional.of": [global("optional_of", [a], optionalA, ["A"])],
            "optional.ofNonZeroValue": [global("optional_ofNonZeroValue", [a], optionalA, ["A"])],
            "optional.none": [global("optional_none", [], optionalA, ["A"])],
            "hasValue": [member("optional_hasValue", [optionalA], .bool)],
            "value": [member("optional_value", [optionalA], a)],
            "or": [member("optional_or_optional", [optionalA, optionalA], optionalA)],
            "orValue": [member("optional_orValue_value", [optionalA, a], a)],
            CELOptionalSyntax.index: [
                global("list_optindex_optional_int", [.list(a), .int], optionalA, ["A"]),
                global("optional_list_optindex_optional_int", [CELOptionalSyntax.type(.list(a)), .int], optionalA, ["A"]),
                global("map_optindex_optional_value", [.map(k, v), k], optionalV, ["K", "V"]),
                global("optional_map_optindex_optional_value", [CELOptionalSyntax.type(.map(k, v)), k], optionalV, ["K", "V"]),
            ],
            "_[_]": [
                global("optional_list_index_int", [CELOptionalSyntax.type(.list(a)), .int], optionalA, ["A"]),
                global("optional_map_index_value", [CELOptionalSyntax.type(.map(k, v)), k], optionalV, ["K", "V"]),
            ],
            CELOptionalSyntax.element: [global("optional_element", [optionalA], a, ["A"])],
            CELOptionalSyntax.entry: [global("optional_entry", [optionalA], a, ["A"])],
        ]
    }()
}
