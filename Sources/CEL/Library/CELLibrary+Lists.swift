/// cel-go's lists extension library, with its overload ids: `distinct`, `flatten`, `reverse`,
/// `slice`, `sort`, `sortBy` (a macro over `lists.@sortByAssociatedKeys`), `lists.range`, `first`
/// and `last`; implementations in `CELListsExtensions`. What a result holds is charged to the
/// cost limit: results are built in time about linear in their size (sorting: n log n).
extension CELLibrary {
    static let lists: CELLibrary = {
        let a = CELType.typeParam("A")
        let listA = CELType.list(a)
        func listMember(_ id: String, _ parameters: [CELType], _ result: CELType) -> CELOverload {
            member(id, parameters, result, ["A"])
        }
        let built = CELCostModel(result: { CELCostModel.size(of: $0) })
        var library = CELLibrary()
        library.declare("distinct", [listMember("list_distinct", [listA], listA)], .unary { value in
            guard case .list(let list) = value else { return .error(.noOverload("distinct", value)) }
            return CELListsExtensions.distinct(list)
        }, cost: CELCostModel(arguments: { CELCostModel.distinctCost($0) }, result: { CELCostModel.size(of: $0) }))
        library.declare("flatten", [listMember("list_flatten", [.list(listA)], listA),
                                    listMember("list_flatten_int", [.list(.dyn), .int], .list(.dyn))],
                        .variadic(CELListsExtensions.flatten), cost: CELCostModel(arguments: { CELCostModel.flattenedSize($0) }))
        // `reverse` of a string is the strings library's: this implementation serves both.
        library.declare("reverse", [listMember("list_reverse", [listA], listA)], .variadic { arguments in
            if arguments.count == 1, case .list(let list) = arguments[0] { return .list(CELList(list.reversed())) }
            return CELStringExtensions.reverse(arguments)
        }, cost: built)
        library.declare("slice", [listMember("list_slice", [listA, .int, .int], listA)], .variadic(CELListsExtensions.slice),
                        cost: built)
        library.declare("sort", [listMember("list_sort", [listA], listA)], .unary { value in
            guard case .list(let list) = value else { return .error(.noOverload("sort", value)) }
            return CELListsExtensions.sorted(list, by: list)
        }, cost: built)
        library.declare("first", [listMember("list_first", [listA], CELOptionalSyntax.type(a))], .unary { value in
            guard case .list(let list) = value else { return .error(.noOverload("first", value)) }
            return .optional(list.first)
        })
        library.declare("last", [listMember("list_last", [listA], CELOptionalSyntax.type(a))], .unary { value in
            guard case .list(let list) = value else { return .error(.noOverload("last", value)) }
            return .optional(list.last)
        })
        library.declare("lists.@sortByAssociatedKeys", [global("list_sortByAssociatedKeys", [listA, .list(.typeParam("B"))], listA,
                                                               ["A", "B"])], .binary { value, keys in
            guard case .list(let list) = value, case .list(let keyList) = keys, list.count == keyList.count else {
                return .error(.noOverload("sortBy", value, keys))
            }
            return CELListsExtensions.sorted(list, by: keyList)
        })
        library.declare("lists.range", [global("lists_range", [.int], .list(.int))], .unary { value in
            guard case .int(let n) = value else { return .error(.noOverload("lists.range", value)) }
            return .list(CELList(n <= 0 ? [] : (0..<n).map { CELValue.int($0) }))
        }, cost: CELCostModel(arguments: { arguments in
            if case .int(let n)? = arguments.first { Int(clamping: n) } else { 0 }
        }))
        return library
    }()
}
