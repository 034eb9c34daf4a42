import RuleModel

/// Fact variables as bits over `FactVariable.allCases`. Every planned expression carries the
/// variables it reads and writes, and the replay asks of them at each checkpoint: a bit set
/// answers without hashing names, and without the generic `Set`'s run-time hashing lookups.
struct FactVariableSet: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// Bit `i` is `FactVariable.allCases[i]`.
    private(set) var bits: UInt16 = 0

    /// Every fact variable.
    static let all = FactVariableSet(FactVariable.allCases)

    /// `FactVariable.allCases`, made once (the synthesized property builds it at each use).
    static let order = FactVariable.allCases

    init(_ variables: some Sequence<FactVariable>) {
        for variable in variables { insert(variable) }
    }

    init(arrayLiteral variables: FactVariable...) {
        self.init(variables)
    }

    /// The bit of `variable`.
    static func bit(_ variable: FactVariable) -> UInt16 {
        UInt16(1) << UInt16(order.firstIndex(of: variable) ?? 15)
    }

    var isEmpty: Bool { bits == 0 }

    func contains(_ variable: FactVariable) -> Bool { bits & Self.bit(variable) != 0 }

    mutating func insert(_ variable: FactVariable) { bits |= Self.bit(variable) }

    func isSubset(of other: FactVariableSet) -> Bool { bits & ~other.bits == 0 }

    /// The variables in the set, in `FactVariable.allCases` order.
    var members: [FactVariable] { Self.order.filter(contains) }
}
