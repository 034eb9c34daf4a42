/// Whether an expression can fail at evaluation, told from its checked AST alone: for a host
/// that would otherwise evaluate it over many values just to find out whether one of them fails.
package enum CELInfallibility {
    /// `true` when evaluating `expr` can never give an error, whatever the values of its
    /// variables (each bound to a value of its declared type), under a cost limit of at least
    /// `CELCostBound.steps(of:types:)`. Conservative: literals, variables, declared fields of
    /// records whose values always hold them (`complete`: the host knows which), and equality,
    /// ordering, logic, `?:` and `in` on operands whose types make them total; anything else
    /// (arithmetic, which can overflow; conversions; map literals, whose keys can repeat;
    /// comprehensions; fields of maps) counts as fallible.
    package static func cannotFail(_ expr: CELExpr, types: CELNodeTable<CELType>,
                                   complete: (CELRecordType) -> Bool) -> Bool {
        func total(_ expr: CELExpr) -> Bool { cannotFail(expr, types: types, complete: complete) }
        switch expr.kind {
        case .literal, .ident:
            return true
        case .list(let elements):
            return elements.allSatisfy(total)
        case .select(let operand, let field, _):
            guard case .record(let record)? = types[operand.id], complete(record), record.fieldType(field) != nil else {
                return false
            }
            return total(operand)
        case .call(let target, let function, let args):
            guard target == nil, args.allSatisfy(total) else { return false }
            return isTotal(function, args.map { types[$0.id] })
        case .map, .comprehension:
            return false
        }
    }

    /// Whether `function` gives a value for any operands of these types.
    private static func isTotal(_ function: String, _ operands: [CELType?]) -> Bool {
        switch function {
        case "_==_", "_!=_":
            // Equality of any two values is true or false.
            return operands.count == 2
        case "_&&_", "_||_":
            return operands.count == 2 && operands.allSatisfy { $0 == .bool }
        case "!_":
            return operands.count == 1 && operands[0] == .bool
        case "_<_", "_<=_", "_>_", "_>=_":
            guard operands.count == 2, let type = operands[0], operands[1] == type else { return false }
            switch type {
            case .bool, .int, .uint, .double, .string, .bytes, .timestamp, .duration: return true
            default: return false
            }
        case "_?_:_":
            return operands.count == 3 && operands[0] == .bool
        case "@in":
            // Membership in a list compares for equality.
            guard operands.count == 2, case .list? = operands[1] else { return false }
            return true
        default:
            return false
        }
    }
}
