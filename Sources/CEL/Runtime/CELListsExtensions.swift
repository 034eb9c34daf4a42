/// cel-go's lists extension library at run time: `distinct`, `flatten`, `reverse`, `slice`,
/// `sort`, `sortBy` (through `lists.@sortByAssociatedKeys`), `lists.range`, `first`, `last`.
/// Results are built in time about linear in their size (sorting: n log n), and their sizes are
/// charged to the cost limit (`CELCostModel`).
enum CELListsExtensions {
    /// The elements in order, each kept the first time an equal one (CEL equality: `1 == 1u`)
    /// appears. Map-key kinds are found by hashing, other kinds by comparison.
    static func distinct(_ list: CELList) -> CELValue {
        var seenKeys = Set<CELMapKey>()
        var otherKept: [CELValue] = []
        var result: [CELValue] = []
        for element in list {
            if case .error = element { return element }
            if let key = CELMapKey.lookupKey(element) {
                guard seenKeys.insert(key).inserted else { continue }
            } else {
                guard !otherKept.contains(where: { $0.celEquals(element) }) else { continue }
                otherKept.append(element)
            }
            result.append(element)
        }
        return .list(CELList(result))
    }

    /// `list.flatten()` (one level) or `list.flatten(depth)`.
    static func flatten(_ arguments: [CELValue]) -> CELValue {
        guard let first = arguments.first, case .list(let list) = first, arguments.count <= 2 else {
            return .error(CELError(.noSuchOverload, "no such overload: flatten"))
        }
        var depth: Int64 = 1
        if arguments.count == 2 {
            guard case .int(let d) = arguments[1] else { return .error(.noOverload("flatten", first, arguments[1])) }
            guard d >= 0 else { return .error(CELError(.invalidArgument, "flatten: level must be non-negative")) }
            depth = d
        }
        var result: [CELValue] = []
        append(list, depth: depth, into: &result)
        return .list(CELList(result))
    }

    private static func append(_ list: CELList, depth: Int64, into result: inout [CELValue]) {
        for element in list {
            if depth > 0, case .list(let inner) = element {
                append(inner, depth: depth - 1, into: &result)
            } else {
                result.append(element)
            }
        }
    }

    /// `list.slice(start, end)`: elements `start ..< end`; both within `0 ... size`.
    static func slice(_ arguments: [CELValue]) -> CELValue {
        guard arguments.count == 3, case .list(let list) = arguments[0], case .int(let start) = arguments[1],
              case .int(let end) = arguments[2] else {
            return .error(CELError(.noSuchOverload, "no such overload: slice"))
        }
        guard start >= 0, end >= 0 else {
            return .error(CELError(.invalidArgument, "cannot slice(\(start), \(end)), negative indexes not supported"))
        }
        guard start <= end else {
            return .error(CELError(.invalidArgument, "cannot slice(\(start), \(end)), start index must be less than or equal to end index"))
        }
        guard end <= Int64(list.count) else {
            return .error(CELError(.invalidArgument, "cannot slice(\(start), \(end)), list is length \(list.count)"))
        }
        return .list(CELList(Array(list.array[Int(start)..<Int(end)])))
    }

    /// `list` ordered by `keys` (the list itself for `sort()`), stably; the keys must be of
    /// one orderable kind (numbers of any kind compare by value).
    static func sorted(_ list: CELList, by keys: CELList) -> CELValue {
        let keyArray = keys.array
        for key in keyArray {
            if case .error = key { return key }
            guard let first = keyArray.first, let order = CELValue.ordering(first, key), order != .unordered else {
                return .error(CELError(.invalidArgument, "sort: list elements must have the same orderable type, "
                                       + "found \(keyArray.first?.typeName ?? "?") and \(key.typeName)"))
            }
        }
        let order = keyArray.indices.sorted { a, b in
            let o = CELValue.ordering(keyArray[a], keyArray[b])
            return o == .less || (o == .equal && a < b)
        }
        let elements = list.array
        return .list(CELList(order.map { elements[$0] }))
    }
}
