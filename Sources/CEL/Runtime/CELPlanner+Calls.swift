/// Planning of calls: the logical operators (non-strict), the conditional, the accumulator
/// append of list-building macros, constant folding, and typed fast paths for comparisons.
extension CELPlanner {
    mutating func planCall(_ expr: CELExpr, target: CELExpr?, function: String, args: [CELExpr]) -> Node {
        // `ns.fn(x)` where `ns` is no variable but `ns.fn` is a known function.
        if let target, let parts = qualifiedParts(target), checked?.references[target.id] == nil {
            let qualified = Self.dotted(parts[...]) + "." + function
            if CELStandardLibrary.function(named: qualified) != nil {
                return planCall(expr, target: nil, function: qualified, args: args)
            }
        }
        if let target, args.count == 1, function == "or" || function == "orValue" {
            return planOptionalFallback(target, args[0], keepsOptional: function == "or")
        }
        if target == nil {
            switch (function, args.count) {
            case ("_&&_", 2): return planLogic(args[0], args[1], isAnd: true)
            case ("_||_", 2): return planLogic(args[0], args[1], isAnd: false)
            case ("_?_:_", 3): return planConditional(args[0], args[1], args[2])
            case ("@not_strictly_false", 1), ("__not_strictly_false__", 1):
                let inner = plan(args[0]).step
                return Node(step: { frame in
                    if case .bool(false) = inner(&frame) { return .bool(false) }
                    return .bool(true)
                }, constant: nil)
            case ("_+_", 2):
                if let append = planAccumulatorAppend(args[0], args[1]) { return append }
            default: break
            }
        }
        let operands = (target.map { [$0] } ?? []) + args
        let nodes = operands.map { plan($0) }
        guard var implementation = CELStandardLibrary.function(named: function) else {
            let error = CELValue.error(CELError(.noSuchOverload, "no such overload: \(function)"))
            return .constant(error)
        }
        if function == "sum", let typed = typedSum(of: operands.first) { implementation = typed }
        if let accessor = CELTimeAccessor(rawValue: function), nodes.count == 2,
           case .string(let zoneName)? = nodes[1].constant {
            // Resolve the zone (and its tz data) once, not per evaluation.
            let zone = CELTimeAccessor.zone(named: zoneName)
            implementation = .binary { receiver, _ in accessor.apply(receiver, zone: zone) }
        }
        let model = CELCostModel.model(for: function)
        if !keepsNodes, nodes.allSatisfy({ $0.constant != nil }),
           model?.allowsFolding(nodes.compactMap(\.constant)) ?? true {
            return .constant(Self.apply(implementation, nodes.compactMap(\.constant)))
        }
        if function == "matches", nodes.count == 2 { return Self.planMatches(nodes) }
        // The fused form skips the select node, which a trace must record.
        if !keepsNodes, nodes.count == 2, let fused = fusedFieldComparison(function, operands[0], nodes[1]) { return fused }
        if nodes.count == 2, let fast = Self.fastComparison(function, nodes[0], nodes[1]) { return fast }
        if function != "sum", let resolved = planResolvedOverload(expr, nodes) { return resolved }
        if checked == nil, let numeric = Self.planUntypedNumeric(function, nodes, model: model) { return numeric }
        if let model { return Self.costedCall(implementation, nodes, model) }
        return Self.strictCall(implementation, nodes)
    }

    /// `sum` over a list whose element type the checker knows: an empty list sums to that type's zero.
    func typedSum(of list: CELExpr?) -> CELFunction? {
        guard let list, case .list(let element)? = checked?.types[list.id] else { return nil }
        let empty: CELValue = switch element {
        case .double: .double(0)
        case .uint: .uint(0)
        case .duration: .duration(CELDuration(seconds: 0))
        default: .int(0)
        }
        return .unary { CELListAggregate.sum($0, emptyValue: empty) }
    }

    /// A strict call that also charges what it builds or traverses (`CELCostModel`): before
    /// the call from the arguments, after it from the result.
    static func costedCall(_ function: CELFunction, _ nodes: [Node], _ model: CELCostModel) -> Node {
        let result = model.result
        if case .binary(let f) = function, nodes.count == 2 {
            let a = nodes[0].step
            let b = nodes[1].step
            let before = model.binary
            return Node(step: { frame in
                let x = a(&frame)
                let y = b(&frame)
                if case .error = x { return x }
                if case .error = y { return y }
                if let before, !frame.charge(before(x, y)) { return .error(CELFrame.costError) }
                let value = f(x, y)
                if let result, !frame.charge(result(value)) { return .error(CELFrame.costError) }
                return value
            }, constant: nil)
        }
        return Node(step: { frame in
            var values: [CELValue] = []
            values.reserveCapacity(nodes.count)
            for node in nodes { values.append(node.step(&frame)) }
            if let error = values.first(where: \.isError) { return error }
            var steps = model.arguments?(values) ?? 0
            if let before = model.binary, values.count == 2 { steps = before(values[0], values[1]) }
            guard frame.charge(steps) else { return .error(CELFrame.costError) }
            let value = apply(function, values)
            if let result, !frame.charge(result(value)) { return .error(CELFrame.costError) }
            return value
        }, constant: nil)
    }

    /// `opt.or(other)` and `opt.orValue(value)`: the fallback is evaluated only when `opt` has
    /// no value (as cel-go short-circuits them).
    mutating func planOptionalFallback(_ receiver: CELExpr, _ fallback: CELExpr, keepsOptional: Bool) -> Node {
        let receiverStep = plan(receiver).step
        let fallbackStep = plan(fallback).step
        let name = keepsOptional ? "or" : "orValue"
        return Node(step: { frame in
            let value = receiverStep(&frame)
            switch value {
            case .optional(let wrapped?):
                return keepsOptional ? value : wrapped
            case .optional(nil):
                let other = fallbackStep(&frame)
                guard keepsOptional, !other.isError else { return other }
                if case .optional = other { return other }
                return .error(.noOverload(name, value, other))
            case .error:
                return value
            default:
                return .error(.noOverload(name, value))
            }
        }, constant: nil)
    }

    /// `text.matches(pattern)`: a constant pattern is compiled once; the match runs under the
    /// frame's step budget (docs/cel-runtime.md, "Regular expressions").
    static func planMatches(_ nodes: [Node]) -> Node {
        let textStep = nodes[0].step
        let patternStep = nodes[1].step
        var compiled: Result<CELRegex, CELError>?
        if case .string(let pattern)? = nodes[1].constant { compiled = CELRegex.compile(pattern) }
        let constant = compiled
        return Node(step: { frame in
            let text = textStep(&frame)
            let pattern = patternStep(&frame)
            if case .error = text { return text }
            if case .error = pattern { return pattern }
            guard case .string(let s) = text, case .string(let p) = pattern else {
                return .error(.noOverload("matches", text, pattern))
            }
            // A pattern from data is compiled per call and costs its length.
            if constant == nil, !frame.charge(p.utf8.count / 10 + 1) { return .error(CELFrame.costError) }
            switch constant ?? CELRegex.compile(p) {
            case .success(let regex): return regex.evaluate(s, frame: &frame)
            case .failure(let error): return .error(error)
            }
        }, constant: nil)
    }

    static func apply(_ function: CELFunction, _ values: [CELValue]) -> CELValue {
        if let error = values.first(where: \.isError) { return error }
        switch function {
        case .unary(let f) where values.count == 1: return f(values[0])
        case .binary(let f) where values.count == 2: return f(values[0], values[1])
        case .variadic(let f): return f(values)
        default:
            return .error(CELError(.noSuchOverload, "no such overload: wrong number of arguments (\(values.count))"))
        }
    }

    /// A call whose error arguments propagate (the leftmost error wins).
    static func strictCall(_ function: CELFunction, _ nodes: [Node]) -> Node {
        switch function {
        case .unary(let f) where nodes.count == 1:
            let a = nodes[0].step
            return Node(step: { frame in
                let x = a(&frame)
                if case .error = x { return x }
                return f(x)
            }, constant: nil)
        case .binary(let f) where nodes.count == 2:
            let a = nodes[0].step
            let b = nodes[1].step
            return Node(step: { frame in
                let x = a(&frame)
                let y = b(&frame)
                if case .error = x { return x }
                if case .error = y { return y }
                return f(x, y)
            }, constant: nil)
        default:
            return Node(step: { frame in
                var values: [CELValue] = []
                values.reserveCapacity(nodes.count)
                for node in nodes { values.append(node.step(&frame)) }
                return apply(function, values)
            }, constant: nil)
        }
    }

    /// `&&` and `||` are commutative over errors: an operand that decides the result wins
    /// even when the other is an error (langdef "Logical Operators").
    mutating func planLogic(_ left: CELExpr, _ right: CELExpr, isAnd: Bool) -> Node {
        let l = plan(left).step
        let r = plan(right).step
        let name = isAnd ? "_&&_" : "_||_"
        let decisive = !isAnd
        return Node(step: { frame in
            let a = l(&frame)
            if case .bool(let x) = a, x == decisive { return a }
            let b = r(&frame)
            if case .bool(let y) = b {
                if y == decisive { return b }
                if case .bool = a { return b }
            }
            if case .error = a { return a }
            if case .error = b { return b }
            return .error(.noOverload(name, a, b))
        }, constant: nil)
    }

    mutating func planConditional(_ condition: CELExpr, _ then: CELExpr, _ otherwise: CELExpr) -> Node {
        let c = plan(condition)
        let t = plan(then)
        let e = plan(otherwise)
        if !keepsNodes, case .bool(let decided)? = c.constant { return decided ? t : e }
        let cs = c.step, ts = t.step, es = e.step
        return Node(step: { frame in
            let value = cs(&frame)
            switch value {
            case .bool(true): return ts(&frame)
            case .bool(false): return es(&frame)
            case .error: return value
            default: return .error(.noOverload("_?_:_", value))
            }
        }, constant: nil)
    }

    /// `accu + [x]` inside a comprehension's loop step: appends to the accumulator in place
    /// instead of copying it, so `filter` and `map` are linear rather than quadratic.
    mutating func planAccumulatorAppend(_ left: CELExpr, _ right: CELExpr) -> Node? {
        guard let accumulatorLocal, case .ident(let name) = left.kind, name == accumulatorName,
              local(named: name) == accumulatorLocal, case .list(let elements) = right.kind else { return nil }
        let slot = localSlot(accumulatorLocal)
        let steps = elements.map { plan($0).step }
        return Node(step: { frame in
            var added: [CELValue] = []
            added.reserveCapacity(steps.count)
            for step in steps {
                let value = step(&frame)
                if case .error = value { return value }
                added.append(value)
            }
            // Take the list out of its slot so its buffer is unique and grows in place.
            guard var list = frame.slots[slot].takeList() else {
                return CELValue.add(frame.slots[slot], .list(CELList(added)))
            }
            for value in added { list.append(value) }
            return .list(list)
        }, constant: nil)
    }

    /// The test a relation or equality with the constant `k` makes, or `nil` for another function.
    private static func constantTest<T: Comparable & Sendable>(_ function: String, _ k: T) -> (@Sendable (T) -> Bool)? {
        switch function {
        case "_<_": { $0 < k }
        case "_<=_": { $0 <= k }
        case "_>_": { $0 > k }
        case "_>=_": { $0 >= k }
        case "_==_": { $0 == k }
        case "_!=_": { $0 != k }
        default: nil
        }
    }

    /// Comparisons against a constant int, double or string, without a generic dispatch.
    static func fastComparison(_ function: String, _ left: Node, _ right: Node) -> Node? {
        let l = left.step
        guard let constant = right.constant else { return nil }
        let generic: @Sendable (CELValue, CELValue) -> CELValue
        switch CELStandardLibrary.function(named: function) {
        case .binary(let f)?: generic = f
        default: return nil
        }
        switch constant {
        case .int(let k):
            guard let test = constantTest(function, k) else { return nil }
            if let slot = left.slot {
                return Node(step: { frame in
                    if case .int(let x) = frame.slots[slot] { return .bool(test(x)) }
                    return generic(frame.slots[slot], constant)
                }, constant: nil)
            }
            return Node(step: { frame in
                let value = l(&frame)
                if case .int(let x) = value { return .bool(test(x)) }
                return generic(value, constant)
            }, constant: nil)
        case .double(let k):
            // NaN compares false (`!=`: true), as Swift's operators do.
            guard let test = constantTest(function, k) else { return nil }
            return Node(step: { frame in
                let value = l(&frame)
                if case .double(let x) = value { return .bool(test(x)) }
                return generic(value, constant)
            }, constant: nil)
        case .string(let k):
            guard function == "_==_" || function == "_!=_" else { return nil }
            let equal = function == "_==_"
            return Node(step: { frame in
                let value = l(&frame)
                if case .string(let x) = value { return .bool(CELText.equal(x, k) == equal) }
                return generic(value, constant)
            }, constant: nil)
        default:
            return nil
        }
    }

    /// `v.field OP constant` where `v` is a slot: looks the field up and compares it in place,
    /// without materialising the field's value (the shape of most rule conditions).
    mutating func fusedFieldComparison(_ function: String, _ left: CELExpr, _ right: Node) -> Node? {
        guard let constant = right.constant, case .select(let operand, let field, false) = left.kind,
              checked?.references[left.id] == nil else { return nil }
        switch constant {
        case .int, .string: break
        default: return nil
        }
        let base = planSlotOperand(operand)
        guard let slot = base?.slot, case .binary(let generic)? = CELStandardLibrary.function(named: function) else {
            return nil
        }
        let key = CELFieldKey(field)
        switch (constant, function) {
        case (.int(let k), "_>=_"), (.int(let k), "_<_"):
            let wantLess = function == "_<_"
            return Node(step: { frame in
                if case .int(let x)? = CELFieldAccess.value(frame.slots.address(slot), key) {
                    return .bool((x < k) == wantLess)
                }
                return generic(CELPlanner.select(frame.slots[slot], key), constant)
            }, constant: nil)
        case (.int(let k), "_>_"), (.int(let k), "_<=_"):
            let wantGreater = function == "_>_"
            return Node(step: { frame in
                if case .int(let x)? = CELFieldAccess.value(frame.slots.address(slot), key) {
                    return .bool((x > k) == wantGreater)
                }
                return generic(CELPlanner.select(frame.slots[slot], key), constant)
            }, constant: nil)
        case (.int(let k), "_==_"), (.int(let k), "_!=_"):
            let wantEqual = function == "_==_"
            return Node(step: { frame in
                if case .int(let x)? = CELFieldAccess.value(frame.slots.address(slot), key) {
                    return .bool((x == k) == wantEqual)
                }
                return generic(CELPlanner.select(frame.slots[slot], key), constant)
            }, constant: nil)
        case (.string(let k), "_==_"), (.string(let k), "_!=_"):
            let wantEqual = function == "_==_"
            return Node(step: { frame in
                if let equal = CELFieldAccess.stringField(frame.slots.address(slot).pointee, key, equals: k) {
                    return .bool(equal == wantEqual)
                }
                if case .string(let x)? = CELFieldAccess.value(frame.slots.address(slot), key) {
                    return .bool(CELText.equal(x, k) == wantEqual)
                }
                return generic(CELPlanner.select(frame.slots[slot], key), constant)
            }, constant: nil)
        default:
            return nil
        }
    }

    /// Plans `expr` when it is a plain slot read (a variable or comprehension variable).
    mutating func planSlotOperand(_ expr: CELExpr) -> Node? {
        switch expr.kind {
        case .ident(let name):
            if let local = local(named: name) { return readLocal(local) }
            if case .variable(let qualified)? = checked?.references[expr.id] { return readVariable(qualified) }
            return nil
        case .select:
            if case .variable(let qualified)? = checked?.references[expr.id] { return readVariable(qualified) }
            return nil
        default:
            return nil
        }
    }
}
