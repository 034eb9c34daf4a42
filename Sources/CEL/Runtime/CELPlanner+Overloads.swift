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
        let id = ids[0]
        if let op = Self.intOverload(id) { return ints(op) }
        if let op = Self.doubleOverload(id) { return doubles(op) }
        switch id {
        case "less_string": return strings { .bool(CELText.compare($0, $1) == .less) }
        case "greater_string": return strings { .bool(CELText.compare($0, $1) == .greater) }
        default: return nil
        }
    }

    /// The operation of an overload on two ints, by its id.
    private static func intOverload(_ id: String) -> (@Sendable (Int64, Int64) -> CELValue)? {
        switch id {
        case "add_int64":
            return { x, y in
                let (sum, overflow) = x.addingReportingOverflow(y)
                return overflow ? .error(.intOverflow) : .int(sum)
            }
        case "subtract_int64":
            return { x, y in
                let (difference, overflow) = x.subtractingReportingOverflow(y)
                return overflow ? .error(.intOverflow) : .int(difference)
            }
        case "multiply_int64":
            return { x, y in
                let (product, overflow) = x.multipliedReportingOverflow(by: y)
                return overflow ? .error(.intOverflow) : .int(product)
            }
        case "less_int64": return { .bool($0 < $1) }
        case "less_equals_int64": return { .bool($0 <= $1) }
        case "greater_int64": return { .bool($0 > $1) }
        case "greater_equals_int64": return { .bool($0 >= $1) }
        default: return nil
        }
    }

    /// The operation of an overload on two doubles, by its id.
    private static func doubleOverload(_ id: String) -> (@Sendable (Double, Double) -> CELValue)? {
        switch id {
        case "add_double": return { .double($0 + $1) }
        case "subtract_double": return { .double($0 - $1) }
        case "multiply_double": return { .double($0 * $1) }
        case "divide_double": return { .double($0 / $1) }
        case "less_double": return { .bool($0 < $1) }
        case "less_equals_double": return { .bool($0 <= $1) }
        case "greater_double": return { .bool($0 > $1) }
        case "greater_equals_double": return { .bool($0 >= $1) }
        default: return nil
        }
    }
}

/// The same operators in a program planned without the checker (a fold body, a conformance
/// test's unchecked expression): the operand kinds are looked at when it runs, and two ints or
/// two doubles are computed in place; anything else, an int overflow included, goes through the
/// library's function, so every result and error is the general path's.
extension CELPlanner {
    static func planUntypedNumeric(_ function: String, _ nodes: [Node], model: CELCostModel?) -> Node? {
        switch (function, nodes.count) {
        case ("double", 1), ("int", 1): return untypedConversion(function, nodes[0])
        case (_, 2): break
        default: return nil
        }
        guard case .binary(let generic)? = CELStandardLibrary.function(named: function) else { return nil }
        let l = nodes[0].step
        let r = nodes[1].step
        /// Ints and doubles by `ints` and `doubles` (`nil`: the general path); errors and other
        /// kinds as `strictCall` does.
        func numeric(ints: @escaping @Sendable (Int64, Int64) -> CELValue?,
                     doubles: @escaping @Sendable (Double, Double) -> CELValue) -> Node {
            Node(step: { frame in
                let a = l(&frame)
                let b = r(&frame)
                switch (a, b) {
                case (.int(let x), .int(let y)):
                    if let value = ints(x, y) { return value }
                case (.double(let x), .double(let y)):
                    return doubles(x, y)
                default:
                    if case .error = a { return a }
                    if case .error = b { return b }
                }
                return generic(a, b)
            }, constant: nil)
        }
        switch function {
        case "_+_":
            // `+` is charged what it builds (`costedCall`), nothing for numbers.
            guard let before = model?.binary, model?.result == nil else { return nil }
            return untypedAdd(l, r, generic: generic, charge: before)
        case "_-_":
            return numeric(ints: { x, y in
                let (difference, overflow) = x.subtractingReportingOverflow(y)
                return overflow ? nil : .int(difference)
            }, doubles: { .double($0 - $1) })
        case "_*_":
            return numeric(ints: { x, y in
                let (product, overflow) = x.multipliedReportingOverflow(by: y)
                return overflow ? nil : .int(product)
            }, doubles: { .double($0 * $1) })
        // NaN compares false, as Swift's operators do.
        case "_<_": return numeric(ints: { .bool($0 < $1) }, doubles: { .bool($0 < $1) })
        case "_<=_": return numeric(ints: { .bool($0 <= $1) }, doubles: { .bool($0 <= $1) })
        case "_>_": return numeric(ints: { .bool($0 > $1) }, doubles: { .bool($0 > $1) })
        case "_>=_": return numeric(ints: { .bool($0 >= $1) }, doubles: { .bool($0 >= $1) })
        default: return nil
        }
    }

    /// `+` on two ints (without overflow) or two doubles in place; anything else is charged
    /// `charge` and goes through the library's function.
    private static func untypedAdd(_ l: @escaping CELStep, _ r: @escaping CELStep,
                                   generic: @escaping @Sendable (CELValue, CELValue) -> CELValue,
                                   charge: @escaping @Sendable (CELValue, CELValue) -> Int) -> Node {
        Node(step: { frame in
            let a = l(&frame)
            let b = r(&frame)
            switch (a, b) {
            case (.int(let x), .int(let y)):
                let (sum, overflow) = x.addingReportingOverflow(y)
                if !overflow { return .int(sum) }
            case (.double(let x), .double(let y)):
                return .double(x + y)
            default:
                break
            }
            if case .error = a { return a }
            if case .error = b { return b }
            guard frame.charge(charge(a, b)) else { return .error(CELFrame.costError) }
            return generic(a, b)
        }, constant: nil)
    }

    /// `double(x)` and `int(x)` of an int or double that needs no work (or, for `double`, only
    /// the widening); other arguments through the library's conversion.
    private static func untypedConversion(_ function: String, _ node: Node) -> Node? {
        guard case .unary(let generic)? = CELStandardLibrary.function(named: function) else { return nil }
        let a = node.step
        if function == "double" {
            return Node(step: { frame in
                let value = a(&frame)
                switch value {
                case .int(let x): return .double(Double(x))
                case .double, .error: return value
                default: return generic(value)
                }
            }, constant: nil)
        }
        return Node(step: { frame in
            let value = a(&frame)
            switch value {
            case .int, .error: return value
            default: return generic(value)
            }
        }, constant: nil)
    }
}
