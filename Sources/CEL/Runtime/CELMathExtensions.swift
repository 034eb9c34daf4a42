import Foundation

/// The implementations of cel-go's math extension library (declared in `CELLibrary.math`).
/// They dispatch on run-time kinds, so `math.ceil(dyn(1))` is a "no such overload" error as in
/// cel-go, and an unchecked program gets the same results as a checked one.
enum CELMathExtensions {
    /// The greatest (or least) of the arguments, or of the elements of a single list argument.
    /// Numbers of different kinds compare by value; on a tie the earlier argument wins.
    static func extreme(_ name: String, _ args: [CELValue], wantLess: Bool) -> CELValue {
        var candidates = args
        if args.count == 1, case .list(let list) = args[0] {
            candidates = list.array
            guard !candidates.isEmpty else {
                return .error(CELError(.invalidArgument, "\(name)(list) argument must not be empty"))
            }
        }
        guard var best = candidates.first else {
            return .error(CELError(.noSuchOverload, "no such overload: \(name)()"))
        }
        for candidate in candidates {
            switch candidate {
            case .int, .uint, .double: break
            case .error: return candidate
            default: return .error(.noOverload(name, candidate))
            }
            let order = CELValue.compareNumbers(candidate, best)
            if order == (wantLess ? .less : .greater) { best = candidate }
        }
        return best
    }

    static func rounding(_ name: String, _ round: @escaping @Sendable (Double) -> Double) -> CELFunction {
        .unary { value in
            guard case .double(let d) = value else { return .error(.noOverload(name, value)) }
            return .double(round(d))
        }
    }

    static func test(_ name: String, _ predicate: @escaping @Sendable (Double) -> Bool) -> CELFunction {
        .unary { value in
            guard case .double(let d) = value else { return .error(.noOverload(name, value)) }
            return .bool(predicate(d))
        }
    }

    static func abs(_ value: CELValue) -> CELValue {
        switch value {
        case .int(let i):
            guard i != .min else { return .error(.intOverflow) }
            return .int(Swift.abs(i))
        case .uint: return value
        case .double(let d): return .double(d.magnitude)
        default: return .error(.noOverload("math.abs", value))
        }
    }

    /// -1, 0 or 1 of the argument's kind; NaN and -0.0 are returned unchanged, as in cel-go.
    static func sign(_ value: CELValue) -> CELValue {
        switch value {
        case .int(let i): .int(i.signum())
        case .uint(let u): .uint(u == 0 ? 0 : 1)
        case .double(let d): .double(d > 0 ? 1 : (d < 0 ? -1 : d))
        default: .error(.noOverload("math.sign", value))
        }
    }

    static func squareRoot(_ value: CELValue) -> CELValue {
        switch value {
        case .int(let i): .double(Double(i).squareRoot())
        case .uint(let u): .double(Double(u).squareRoot())
        case .double(let d): .double(d.squareRoot())
        default: .error(.noOverload("math.sqrt", value))
        }
    }

    static func bitwise(_ name: String, _ ints: @escaping @Sendable (Int64, Int64) -> Int64,
                        _ uints: @escaping @Sendable (UInt64, UInt64) -> UInt64) -> CELFunction {
        .binary { a, b in
            switch (a, b) {
            case (.int(let x), .int(let y)): .int(ints(x, y))
            case (.uint(let x), .uint(let y)): .uint(uints(x, y))
            default: .error(.noOverload(name, a, b))
            }
        }
    }

    /// Shifts by 64 or more give 0; a negative shift is an error. Right shifts are logical for
    /// ints too (cel-go shifts the two's-complement bits as unsigned).
    static func shift(_ name: String, _ value: CELValue, _ amount: CELValue, left: Bool) -> CELValue {
        guard case .int(let by) = amount else { return .error(.noOverload(name, value, amount)) }
        guard by >= 0 else { return .error(CELError(.invalidArgument, "\(name)() negative offset: \(by)")) }
        let bits: UInt64
        switch value {
        case .int(let i): bits = UInt64(bitPattern: i)
        case .uint(let u): bits = u
        default: return .error(.noOverload(name, value, amount))
        }
        let shifted = by >= 64 ? 0 : (left ? bits << UInt64(by) : bits >> UInt64(by))
        if case .int = value { return .int(Int64(bitPattern: shifted)) }
        return .uint(shifted)
    }
}
