/// Whether an expression only moves one way while some lists only grow: a host whose list
/// variables only gain elements (a history of events, say) asks whether a condition, once true,
/// can turn false again, or whether a number can go down.
///
/// Conservative: an expression counts as non-decreasing only when it reads nothing but the
/// growing lists, through macros whose bodies read only their own variable (`CELClosedMacro`),
/// and what the host vouches for through `hint`. Then:
/// - a number: a literal, `size()` of a growing list, a sum of non-decreasing numbers;
/// - a list (growing): a growing variable, `filter` / `map` of a growing list, a concatenation
///   of growing lists;
/// - a condition (once true, stays true): a literal, `X >= N` / `X > N` (or `N <= X`, `N < X`)
///   with X a non-decreasing number and N a number literal, `exists` over a growing list, `&&`
///   and `||` of such conditions.
package struct CELMonotonicity {
    /// Whether the host knows `node` never decreases (a field computed by such an expression).
    package typealias Hint = (_ node: CELExpr) -> Bool

    let checked: CELCheckedAST
    let growing: Set<String>
    let hint: Hint

    /// `growing`: the variables whose lists only gain elements, never lose or change one.
    package init(_ checked: CELCheckedAST, growing: Set<String>, hint: @escaping Hint = { _ in false }) {
        self.checked = checked
        self.growing = growing
        self.hint = hint
    }

    /// Whether the whole expression never decreases (for a condition: once true, stays true).
    package var isNonDecreasing: Bool { isNonDecreasing(checked.ast.root) }

    /// Whether `node` never decreases as the growing lists gain elements.
    package func isNonDecreasing(_ node: CELExpr) -> Bool {
        if hint(node) { return true }
        switch node.kind {
        case .literal(let literal):
            switch literal {
            case .bool, .int, .uint, .double: return true
            default: return false
            }
        case .comprehension:
            guard let closed = CELClosedMacro(node, references: checked.references),
                  case .exists = closed.shape else { return false }
            return isGrowingList(closed.range)
        case .call(nil, let function, let args) where args.count == 2:
            switch function {
            case "_&&_", "_||_", "_+_":
                return args.allSatisfy(isNonDecreasing)
            case "_>=_", "_>_":
                return isNonDecreasing(args[0]) && isNumberLiteral(args[1])
            case "_<=_", "_<_":
                return isNumberLiteral(args[0]) && isNonDecreasing(args[1])
            default:
                return false
            }
        default:
            guard let call = node.singleOperandCall, call.function == "size" else { return false }
            return isGrowingList(call.operand)
        }
    }

    /// Whether `node` is a list that only gains elements.
    package func isGrowingList(_ node: CELExpr) -> Bool {
        switch node.kind {
        case .ident(let name):
            guard growing.contains(name) else { return false }
            switch checked.references[node.id] {
            case nil: return true
            case .variable(let qualified)?: return qualified == name
            default: return false
            }
        case .comprehension:
            guard let closed = CELClosedMacro(node, references: checked.references), closed.shape.producesList else {
                return false
            }
            return isGrowingList(closed.range)
        case .call(nil, "_+_", let args) where args.count == 2:
            return args.allSatisfy(isGrowingList)
        default:
            return false
        }
    }

    private func isNumberLiteral(_ node: CELExpr) -> Bool {
        guard case .literal(let literal) = node.kind else { return false }
        switch literal {
        case .int, .uint, .double: return true
        default: return false
        }
    }
}
