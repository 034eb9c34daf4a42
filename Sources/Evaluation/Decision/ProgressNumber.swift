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

    /// The larger of two figures; on a tie, `self` (so an earned progress keeps its own form).
    public func atLeast(_ other: ProgressNumber) -> ProgressNumber {
        self < other ? other : self
    }
}
