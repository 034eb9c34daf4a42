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
    /// Steps per element of a list built by `+` (each element is copied and retained).
    static let listCopyStepsPerElement = 2
    /// Steps per entry of a map copied by `cel.@mapInsert` (the `transformMap` accumulator).
    static let mapCopyStepsPerEntry = 10

    /// The model of `function` (declared with it in `CELLibrary`), or `nil` when a call costs
    /// just its node.
    static func model(for function: String) -> CELCostModel? {
        CELLibrary.costs[function]
    }

    /// Most steps a call may cost to be folded into a constant when the program is planned:
    /// a costlier one (`lists.range(1000000000)`) is left to run, and be charged, at evaluation.
    static let foldingLimit = 10_000

    /// Whether a call on these constant arguments is cheap enough to fold at plan time.
    func allowsFolding(_ arguments: [CELValue]) -> Bool {
        if let binary, arguments.count == 2, binary(arguments[0], arguments[1]) > Self.foldingLimit { return false }
        if let before = self.arguments, before(arguments) > Self.foldingLimit { return false }
        // A result-charged call is bounded by its inputs, which are constants of the source.
        return true
    }

    /// Longest string or bytes value one call may build: a bound on memory independent of the
    /// step budget (the strings library's `replace` and `strings.quote` stop at 2^24 code points).
    static let maxBuiltBytes = 1 << 24

    /// `a + b`: the sizes of both sides; a string or bytes result over `maxBuiltBytes` costs
    /// more than any budget.
    static func concatenationCost(_ a: CELValue, _ b: CELValue) -> Int {
        switch (a, b) {
        case (.string(let x), .string(let y)):
            let bytes = x.utf8.count + y.utf8.count
            return bytes > maxBuiltBytes ? .max : bytes / bytesPerStep
        case (.bytes(let x), .bytes(let y)):
            let bytes = x.count + y.count
            return bytes > maxBuiltBytes ? .max : bytes / bytesPerStep
        case (.list(let x), .list(let y)):
            return (x.count + y.count) * listCopyStepsPerElement
        default:
            return size(of: a) + size(of: b)
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
    static func joinedSize(_ arguments: [CELValue]) -> Int {
        guard case .list(let list)? = arguments.first else { return 0 }
        var separator = 0
        if arguments.count > 1, case .string(let s) = arguments[1] { separator = s.utf8.count }
        var bytes = 0
        for case .string(let s) in list {
            bytes = bytes.addingReportingOverflow(s.utf8.count &+ separator).partialValue
            if bytes < 0 { return .max }
        }
        return bytes > maxBuiltBytes ? .max : bytes / bytesPerStep + list.count
    }

    /// `list.distinct()`: map-key kinds are hashed (one step each); other elements (lists, maps,
    /// timestamps, fractional doubles) are compared with each other, so they cost their count
    /// squared.
    static func distinctCost(_ arguments: [CELValue]) -> Int {
        guard case .list(let list)? = arguments.first else { return 0 }
        var compared = 0
        for element in list where CELMapKey.lookupKey(element) == nil { compared += 1 }
        let (square, overflow) = compared.multipliedReportingOverflow(by: compared)
        return overflow ? .max : list.count + square / 2
    }

    /// `list.flatten()`: the elements of the result (one level).
    static func flattenedSize(_ arguments: [CELValue]) -> Int {
        guard case .list(let list)? = arguments.first else { return 0 }
        var count = 0
        for element in list {
            if case .list(let inner) = element { count &+= inner.count } else { count &+= 1 }
        }
        return count
    }
}
