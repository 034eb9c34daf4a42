/// What a call costs beyond its node's one step, after cel-go's runtime cost model
/// (docs/cel-runtime.md, "Cost"): building or traversing a string costs one step per ten
/// bytes, a list or map one step per element. Costs of what a call builds are charged before
/// it is built, from its arguments' sizes, so an expression that doubles a string in nested
/// `map`s stops at the cost limit instead of allocating gigabytes; the few functions whose
/// result size is not known beforehand (bounded by their inputs) are charged after.
struct CELCostModel: Sendable {
    /// Steps for a two-argument call, from its arguments.
    var binary: (@Sendable (CELValue, CELValue) -> Int)?
    /// Steps for a call with any number of arguments, from its arguments.
    var arguments: (@Sendable ([CELValue]) -> Int)?
    /// Steps charged after the call, from its result.
    var result: (@Sendable (CELValue) -> Int)?

    /// Bytes of string per step (cel-go's string traversal cost factor, 0.1).
    static let bytesPerStep = 10
    /// Steps per entry of a map copied by `cel.@mapInsert` (the `transformMap` accumulator).
    static let mapCopyStepsPerEntry = 4

    /// The model of `function`, or `nil` when a call costs just its node.
    static func model(for function: String) -> CELCostModel? {
        switch function {
        case "_+_": CELCostModel(binary: { size(of: $0) + size(of: $1) })
        case "@in": CELCostModel(binary: { _, container in
            if case .list(let list) = container { list.count } else { 0 }
        })
        // The insert copies the map and rebuilds its hash index: a few steps per entry.
        case "cel.@mapInsert": CELCostModel(arguments: { size(of: $0.first ?? .null) * mapCopyStepsPerEntry })
        case "join": CELCostModel(arguments: { joinedSize($0) })
        case "format", "replace", "strings.quote", "reverse", "lowerAscii", "upperAscii", "trim", "split",
             "string", "bytes", "sort", "sortBy", "lists.sortBy", "distinct", "slice":
            CELCostModel(result: { size(of: $0) })
        case "flatten": CELCostModel(arguments: { flattenedSize($0) })
        case "lists.range": CELCostModel(arguments: { arguments in
            if case .int(let n)? = arguments.first { Int(clamping: n) } else { 0 }
        })
        default: nil
        }
    }

    /// Steps to build or traverse `value` (shallow: the elements of a list are counted, not
    /// their own contents, as a copy of a list shares its elements).
    static func size(of value: CELValue) -> Int {
        switch value {
        case .string(let s): s.utf8.count / bytesPerStep
        case .bytes(let b): b.count / bytesPerStep
        case .list(let l): l.count
        case .map(let m): m.count
        default: 0
        }
    }

    /// `list.join(separator)`: the length of the joined string.
    private static func joinedSize(_ arguments: [CELValue]) -> Int {
        guard case .list(let list)? = arguments.first else { return 0 }
        var separator = 0
        if arguments.count > 1, case .string(let s) = arguments[1] { separator = s.utf8.count }
        var bytes = 0
        for case .string(let s) in list {
            bytes = bytes.addingReportingOverflow(s.utf8.count &+ separator).partialValue
            if bytes < 0 { return .max }
        }
        return bytes / bytesPerStep + list.count
    }

    /// `list.flatten()`: the elements of the result (one level).
    private static func flattenedSize(_ arguments: [CELValue]) -> Int {
        guard case .list(let list)? = arguments.first else { return 0 }
        var count = 0
        for element in list {
            if case .list(let inner) = element { count &+= inner.count } else { count &+= 1 }
        }
        return count
    }
}
