/// Bounds, known before evaluation, on the steps an expression can take: for a caller that
/// evaluates an expression per element of a list and wants to know whether the whole iteration
/// stays under a cost limit without running it.
package enum CELCostBound {
    /// The most steps one evaluation of `expr` can take: every node once, plus what each call's
    /// cost model (`CELCostModel`) may charge, where a literal operand or the call's type bounds
    /// it. `nil` when `expr` iterates, or makes a call whose charge depends on the size of a
    /// value known only at evaluation (`a + b` of strings, `a == b` of two fields, `matches`).
    package static func steps(of expr: CELExpr, types: CELNodeTable<CELType>) -> Int? {
        var total = 0
        var bounded = true
        expr.walk { node, _ in
            guard bounded else { return .skipChildren }
            total = total.addingReportingOverflow(1).partialValue
            switch node.kind {
            case .comprehension:
                bounded = false
            case .call(let target, let function, let args):
                let operands = (target.map { [$0] } ?? []) + args
                if let extra = callSteps(function, operands: operands, result: types[node.id], types: types) {
                    let (sum, overflow) = total.addingReportingOverflow(extra)
                    if overflow { bounded = false } else { total = sum }
                } else {
                    bounded = false
                }
            default:
                break
            }
            return bounded ? .descend : .skipChildren
        }
        return bounded ? total : nil
    }

    /// What a call charges beyond its node, bounded without evaluating it; `nil` when unbounded.
    private static func callSteps(_ function: String, operands: [CELExpr], result: CELType?,
                                  types: CELNodeTable<CELType>) -> Int? {
        if function == "matches" { return nil }  // charges the pattern's length and the match's work
        guard CELCostModel.model(for: function) != nil else { return 0 }
        switch function {
        case "_==_", "_!=_":
            // The smaller side's size: one side of known size bounds it.
            return operands.lazy.compactMap { size(of: $0, types: types) }.min()
        case "@in":
            // The container's length, when it is a list; a map costs nothing.
            guard operands.count == 2 else { return nil }
            if case .map = types[operands[1].id] { return 0 }
            return size(of: operands[1], types: types)
        case "_+_":
            // Numbers, times and durations add without building anything.
            return result.map(isSizeless) == true ? 0 : nil
        default:
            return nil
        }
    }

    /// The cost-model size of `expr`'s value when it is known before evaluation: a literal's, or
    /// 0 for a type with no size.
    private static func size(of expr: CELExpr, types: CELNodeTable<CELType>) -> Int? {
        switch expr.kind {
        case .literal(.string(let s)): return s.utf8.count / CELCostModel.bytesPerStep
        case .literal(.bytes(let b)): return b.count / CELCostModel.bytesPerStep
        case .literal: return 0
        case .list(let elements): return elements.count
        case .map(let entries): return entries.count
        default: return types[expr.id].map(isSizeless) == true ? 0 : nil
        }
    }

    private static func isSizeless(_ type: CELType) -> Bool {
        switch type {
        case .null, .bool, .int, .uint, .double, .timestamp, .duration: true
        default: false
        }
    }
}
