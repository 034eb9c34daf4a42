/// Calls whose overload the checker resolved to exactly one candidate get a closure for that
/// overload's operand kinds (`add_int64`, `less_double`, …). The kinds are still confirmed at
/// run time, so a `dyn` operand that turns out otherwise takes the general implementation.
extension CELPlanner {
    func planResolvedOverload(_ expr: CELExpr, _ nodes: [Node]) -> Node? {
        guard nodes.count == 2, case .overloads(let ids)? = checked?.references[expr.id], ids.count == 1,
              case .call(_, let function, _) = expr.kind,
              case .binary(let generic)? = CELStandardLibrary.function(named: function) else { return nil }
        let l = nodes[0].step
        let r = nodes[1].step
        func ints(_ op: @escaping @Sendable (Int64, Int64) -> CELValue) -> Node {
            Node(step: { frame in
                let a = l(&frame)
                let b = r(&frame)
                if case .int(let x) = a, case .int(let y) = b { return op(x, y) }
                return generic(a, b)
            }, constant: nil)
        }
        func doubles(_ op: @escaping @Sendable (Double, Double) -> CELValue) -> Node {
            Node(step: { frame in
                let a = l(&frame)
                let b = r(&frame)
                if case .double(let x) = a, case .double(let y) = b { return op(x, y) }
                return generic(a, b)
            }, constant: nil)
        }
        func strings(_ op: @escaping @Sendable (String, String) -> CELValue) -> Node {
            Node(step: { frame in
                let a = l(&frame)
                let b = r(&frame)
                if case .string(let x) = a, case .string(let y) = b { return op(x, y) }
                return generic(a, b)
            }, constant: nil)
        }
        switch ids[0] {
        case "add_int64":
            return ints { x, y in
                let (sum, overflow) = x.addingReportingOverflow(y)
                return overflow ? .error(.intOverflow) : .int(sum)
            }
        case "subtract_int64":
            return ints { x, y in
                let (difference, overflow) = x.subtractingReportingOverflow(y)
                return overflow ? .error(.intOverflow) : .int(difference)
            }
        case "multiply_int64":
            return ints { x, y in
                let (product, overflow) = x.multipliedReportingOverflow(by: y)
                return overflow ? .error(.intOverflow) : .int(product)
            }
        case "less_int64": return ints { .bool($0 < $1) }
        case "less_equals_int64": return ints { .bool($0 <= $1) }
        case "greater_int64": return ints { .bool($0 > $1) }
        case "greater_equals_int64": return ints { .bool($0 >= $1) }
        case "add_double": return doubles { .double($0 + $1) }
        case "subtract_double": return doubles { .double($0 - $1) }
        case "multiply_double": return doubles { .double($0 * $1) }
        case "divide_double": return doubles { .double($0 / $1) }
        case "less_double": return doubles { .bool($0 < $1) }
        case "less_equals_double": return doubles { .bool($0 <= $1) }
        case "greater_double": return doubles { .bool($0 > $1) }
        case "greater_equals_double": return doubles { .bool($0 >= $1) }
        case "less_string": return strings { .bool(CELText.compare($0, $1) == .less) }
        case "greater_string": return strings { .bool(CELText.compare($0, $1) == .greater) }
        default: return nil
        }
    }
}
