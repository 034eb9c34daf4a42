/// Declarations of cel-go's lists extension library, with its overload ids: `distinct`,
/// `flatten`, `reverse`, `slice`, `sort`, `sortBy` (a macro over
/// `lists.@sortByAssociatedKeys`), `lists.range`, `first` and `last`.
enum CELListsExtensionDeclarations {
    static let functions: [String: [CELOverload]] = {
        func member(_ id: String, _ parameters: [CELType], _ result: CELType) -> CELOverload {
            CELOverload(id: id, parameters: parameters, result: result, typeParameters: ["A"], isInstance: true)
        }
        let a = CELType.typeParam("A")
        let listA = CELType.list(a)
        return [
            "distinct": [member("list_distinct", [listA], listA)],
            "flatten": [member("list_flatten", [.list(listA)], listA),
                        member("list_flatten_int", [.list(.dyn), .int], .list(.dyn))],
            "reverse": [member("list_reverse", [listA], listA)],
            "slice": [member("list_slice", [listA, .int, .int], listA)],
            "sort": [member("list_sort", [listA], listA)],
            "first": [member("list_first", [listA], CELOptionalSyntax.type(a))],
            "last": [member("list_last", [listA], CELOptionalSyntax.type(a))],
            "lists.@sortByAssociatedKeys": [CELOverload(
                id: "list_sortByAssociatedKeys", parameters: [listA, .list(.typeParam("B"))], result: listA,
                typeParameters: ["A", "B"])],
            "lists.range": [CELOverload(id: "lists_range", parameters: [.int], result: .list(.int))],
        ]
    }()
}
