/// Comparisons of one value with constants, joined by `&&` or `||` (`x > 5 && x < 3`,
/// `x >= 3 || x < 5`), as an analysis: whether no value satisfies all of a conjunction's
/// comparisons of one value, or every value satisfies one of a disjunction's. The value is any
/// expression (`e.minutes`, `metrics.tasks`, `size(l)`), the same one where it is written alike;
/// the constants are numbers (ints, uints and doubles, compared exactly as CEL compares them) or
/// strings. A value whose declared type is `int` or `uint` has no value strictly between two
/// adjacent integers (`x > 5 && x < 6`); any other is taken as dense.
package struct CELComparisonChain {
    /// A value that no value satisfies (`&&`) or every value satisfies (`||`), and the
    /// comparisons of it that decide so.
    package struct Finding: Sendable {
        package var subject: CELExpr
        package var comparisons: [CELExpr]
    }

    /// One comparison `subject OP constant` (the constant on the right, `k < x` turned around).
    struct Comparison {
        var node: CELExpr
        var subject: CELExpr
        var function: String
        var constant: CELValue
    }

    /// Operands beyond this many in one chain are not looked at (a generated expression).
    static let operandLimit = 64

    /// For a node `a && b && …` or `a || b || …`: the first value whose comparisons make the whole
    /// the same for every state, in written order; `nil` when there is none.
    package static func finding(_ node: CELExpr, checked: CELCheckedAST,
                                constant: (CELExpr) -> CELValue?) -> Finding? {
        guard case .call(nil, let function, let args) = node.kind, args.count == 2,
              function == "_&&_" || function == "_||_" else { return nil }
        var operands: [CELExpr] = []
        flatten(node, function: function, into: &operands)
        guard operands.count <= operandLimit else { return nil }
        let comparisons = operands.compactMap { comparison($0, constant: constant) }
        var groups: [CELWrittenForm: [Comparison]] = [:]
        var order: [CELWrittenForm] = []
        for comparison in comparisons {
            let key = CELWrittenForm(comparison.subject)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(comparison)
        }
        let disjunction = function == "_||_"
        for key in order {
            guard let group = groups[key], group.count >= 2 else { continue }
            let integral = [CELType.int, .uint].contains(checked.types[group[0].subject.id])
            // Every value satisfies one of a disjunction's when none satisfies all their negations.
            let constraints = disjunction ? group.compactMap(negated) : group
            guard constraints.count == group.count, isUnsatisfiable(constraints, integral: integral) else { continue }
            return Finding(subject: group[0].subject, comparisons: group.map(\.node))
        }
        return nil
    }

    private static func flatten(_ node: CELExpr, function: String, into operands: inout [CELExpr]) {
        guard operands.count <= operandLimit else { return }
        if case .call(nil, function, let args) = node.kind, args.count == 2 {
            for arg in args { flatten(arg, function: function, into: &operands) }
        } else {
            operands.append(node)
        }
    }

    private static let ordered: Set = ["_<_", "_<=_", "_>_", "_>=_", "_==_", "_!=_"]

    private static func comparison(_ node: CELExpr, constant: (CELExpr) -> CELValue?) -> Comparison? {
        guard case .call(nil, let function, let args) = node.kind, args.count == 2, ordered.contains(function)
        else { return nil }
        if let k = constant(args[1]), constant(args[0]) == nil, isComparable(k) {
            return Comparison(node: node, subject: args[0], function: function, constant: k)
        }
        if let k = constant(args[0]), constant(args[1]) == nil, isComparable(k),
           let flipped = CELConstantFolding.mirrored[function] {
            return Comparison(node: node, subject: args[1], function: flipped, constant: k)
        }
        return nil
    }

    private static func isComparable(_ value: CELValue) -> Bool {
        switch value {
        case .int, .uint, .string: true
        case .double(let d): !d.isNaN
        default: false
        }
    }

    private static let negations = ["_<_": "_>=_", "_>=_": "_<_", "_<=_": "_>_", "_>_": "_<=_", "_==_": "_!=_", "_!=_": "_==_"]

    private static func negated(_ comparison: Comparison) -> Comparison? {
        guard let function = negations[comparison.function] else { return nil }
        var negated = comparison
        negated.function = function
        return negated
    }

    // MARK: satisfiability

    /// A bound of the values left: the constant and whether it is itself excluded.
    private struct Bound {
        var value: CELValue
        var strict: Bool
    }

    /// Whether no value satisfies every one of `constraints` (all of one value, constants of
    /// one kind: numbers, or strings).
    static func isUnsatisfiable(_ constraints: [Comparison], integral: Bool) -> Bool {
        let numbers = constraints.allSatisfy { $0.constant.isNumber }
        guard numbers || constraints.allSatisfy({ if case .string = $0.constant { true } else { false } }) else {
            return false
        }
        var lower: Bound?, upper: Bound?
        var equal: [CELValue] = [], excluded: [CELValue] = []
        for c in constraints {
            let bound = tightened(c, integral: integral && numbers)
            switch bound.function {
            case "_>_", "_>=_":
                let b = Bound(value: bound.constant, strict: bound.function == "_>_")
                if lower.map({ isTighter(b, than: $0, lower: true) }) ?? true { lower = b }
            case "_<_", "_<=_":
                let b = Bound(value: bound.constant, strict: bound.function == "_<_")
                if upper.map({ isTighter(b, than: $0, lower: false) }) ?? true { upper = b }
            case "_==_": equal.append(bound.constant)
            default: excluded.append(bound.constant)
            }
        }
        if let first = equal.first {
            if equal.contains(where: { order($0, first) != .equal }) { return true }
            return !admits(first, lower: lower, upper: upper, excluded: excluded)
        }
        guard let lower, let upper else { return false }
        switch order(lower.value, upper.value) {
        case .greater: return true
        case .equal: return lower.strict || upper.strict || !admits(lower.value, lower: nil, upper: nil, excluded: excluded)
        case .less:
            return integral && numbers && excludesEveryInteger(from: lower.value, to: upper.value, excluded: excluded)
        case nil, .unordered?: return false
        }
    }

    /// `x > k` as `x >= k + 1` for an integer `x` and an int `k`, and `x < k` as `x <= k - 1`.
    private static func tightened(_ c: Comparison, integral: Bool) -> Comparison {
        guard integral, case .int(let k) = c.constant else { return c }
        var t = c
        switch c.function {
        case "_>_" where k < Int64.max: t.function = "_>=_"; t.constant = .int(k + 1)
        case "_<_" where k > Int64.min: t.function = "_<=_"; t.constant = .int(k - 1)
        default: break
        }
        return t
    }

    private static func isTighter(_ b: Bound, than other: Bound, lower: Bool) -> Bool {
        switch order(b.value, other.value) {
        case .greater?: lower
        case .less?: !lower
        case .equal?: b.strict && !other.strict
        default: false
        }
    }

    private static func admits(_ value: CELValue, lower: Bound?, upper: Bound?, excluded: [CELValue]) -> Bool {
        if let lower {
            let o = order(value, lower.value)
            if o == .less || (o == .equal && lower.strict) { return false }
        }
        if let upper {
            let o = order(value, upper.value)
            if o == .greater || (o == .equal && upper.strict) { return false }
        }
        return !excluded.contains { order($0, value) == .equal }
    }

    /// Whether `!=` leaves out every integer from `lower` to `upper` (a few of them at most).
    private static func excludesEveryInteger(from lower: CELValue, to upper: CELValue, excluded: [CELValue]) -> Bool {
        guard case .int(let low) = lower, case .int(let high) = upper else { return false }
        let (span, overflow) = high.subtractingReportingOverflow(low)
        guard !overflow, span >= 0, span < Int64(excluded.count) else { return false }
        return (low...high).allSatisfy { n in excluded.contains { order($0, .int(n)) == .equal } }
    }

    private static func order(_ a: CELValue, _ b: CELValue) -> CELValue.Ordering? {
        CELValue.ordering(a, b)
    }
}

private extension CELValue {
    var isNumber: Bool {
        switch self {
        case .int, .uint, .double: true
        default: false
        }
    }
}
