/// A progress figure as CEL produced it: ints stay ints in the output, doubles stay doubles.
public enum ProgressNumber: Sendable, Hashable, Comparable {
    case int(Int64)
    case double(Double)

    public var doubleValue: Double {
        switch self {
        case .int(let v): Double(v)
        case .double(let v): v
        }
    }

    public static func < (a: ProgressNumber, b: ProgressNumber) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): x < y
        default: a.doubleValue < b.doubleValue
        }
    }

    /// A derived progress target (`X >= N`): an int target stays an int, held to Int64's range
    /// (a bound past it, `>= 9223372036854775807` with `>` bumping it, comes as a double).
    package static func target(_ value: Double, isInt: Bool) -> ProgressNumber {
        guard isInt else { return .double(value) }
        if value >= 9_223_372_036_854_775_808.0 { return .int(.max) }
        if value < -9_223_372_036_854_775_808.0 { return .int(.min) }
        return .int(Int64(value))
    }

    /// The larger of two figures; on a tie, `self` (so an earned progress keeps its own form).
    public func atLeast(_ other: ProgressNumber) -> ProgressNumber {
        self < other ? other : self
    }
}
