/// What a visitor wants after seeing a node (`CELExpr.walk`).
package enum CELWalkStep: Sendable {
    /// Visit the node's children next.
    case descend
    /// Leave the node's children out.
    case skipChildren
}

extension CELExpr {
    /// Visits this node and every descendant in pre-order (cel-go's `ast.Visitor`), with the
    /// comprehension variables in scope at each node: a comprehension's loop condition and step
    /// see its iteration variables and accumulator, its result sees the accumulator, its range and
    /// initial accumulator see only what is bound around it.
    package func walk(bound: Set<String> = [], _ visit: (CELExpr, Set<String>) -> CELWalkStep) {
        guard case .descend = visit(self, bound) else { return }
        switch kind {
        case .comprehension(let c):
            c.iterRange.walk(bound: bound, visit)
            c.accuInit.walk(bound: bound, visit)
            let loop = c.loopScope(around: bound)
            c.loopCondition.walk(bound: loop, visit)
            c.loopStep.walk(bound: loop, visit)
            c.result.walk(bound: bound.union([c.accuVar]), visit)
        default:
            forEachChild { $0.walk(bound: bound, visit) }
        }
    }

    /// How many nodes the expression has. With `loopBodies: false` the loop conditions and steps
    /// of comprehensions are left out: what one evaluation visits at least once.
    package func nodeCount(loopBodies: Bool = true) -> Int {
        var count = 0
        countNodes(loopBodies: loopBodies, into: &count)
        return count
    }

    private func countNodes(loopBodies: Bool, into count: inout Int) {
        count += 1
        if !loopBodies, case .comprehension(let c) = kind {
            for part in [c.iterRange, c.accuInit, c.result] { part.countNodes(loopBodies: false, into: &count) }
            return
        }
        forEachChild { $0.countNodes(loopBodies: loopBodies, into: &count) }
    }

    /// Whether the expression contains a comprehension (an expanded macro).
    package var containsComprehension: Bool {
        var found = false
        walk { node, _ in
            if case .comprehension = node.kind { found = true }
            return found ? .skipChildren : .descend
        }
        return found
    }

    /// The largest node id in the expression.
    package var maxID: CELExprID {
        var largest = id
        walk { node, _ in
            largest = Swift.max(largest, node.id)
            return .descend
        }
        return largest
    }

    /// Whether `other` is written the same way: equal node kinds, names, literals and structure,
    /// ignoring node ids and source ranges.
    package func isWrittenAlike(_ other: CELExpr) -> Bool {
        func all(_ x: [CELExpr], _ y: [CELExpr]) -> Bool {
            x.count == y.count && zip(x, y).allSatisfy { $0.isWrittenAlike($1) }
        }
        switch (kind, other.kind) {
        case (.literal(let x), .literal(let y)):
            return x == y
        case (.ident(let x), .ident(let y)):
            return x == y
        case (.select(let x, let f, let t), .select(let y, let g, let u)):
            return f == g && t == u && x.isWrittenAlike(y)
        case (.call(let x, let f, let xs), .call(let y, let g, let ys)):
            guard f == g, (x == nil) == (y == nil), all(xs, ys) else { return false }
            guard let x, let y else { return true }
            return x.isWrittenAlike(y)
        case (.list(let xs), .list(let ys)):
            return all(xs, ys)
        case (.map(let xs), .map(let ys)):
            return all(xs.map(\.key), ys.map(\.key)) && all(xs.map(\.value), ys.map(\.value))
        case (.comprehension(let x), .comprehension(let y)):
            return x.iterVar == y.iterVar && x.iterVar2 == y.iterVar2 && x.accuVar == y.accuVar
                && all([x.iterRange, x.accuInit, x.loopCondition, x.loopStep, x.result],
                       [y.iterRange, y.accuInit, y.loopCondition, y.loopStep, y.result])
        default:
            return false
        }
    }

    /// The operand of a one-operand call written either way, `f(x)` or `x.f()`, with the
    /// function's name: `size(events)` and `events.size()` both give `("size", events)`.
    package var singleOperandCall: (function: String, operand: CELExpr)? {
        guard case .call(let target, let function, let args) = kind else { return nil }
        if let target { return args.isEmpty ? (function, target) : nil }
        return args.count == 1 ? (function, args[0]) : nil
    }

    /// The numbers of a list literal of int, uint and double literals (`[0]`, `[1, 2.5]`), else `nil`.
    package var numberLiterals: [CELLiteral]? {
        guard case .list(let elements) = kind else { return nil }
        var numbers: [CELLiteral] = []
        for element in elements {
            guard case .literal(let literal) = element.kind else { return nil }
            switch literal {
            case .int, .uint, .double: numbers.append(literal)
            default: return nil
            }
        }
        return numbers
    }
}

extension CELComprehension {
    /// The names bound in the loop condition and step: those around it, the iteration
    /// variable(s) and the accumulator.
    package func loopScope(around bound: Set<String>) -> Set<String> {
        var inner = bound
        inner.insert(iterVar)
        if let iterVar2 { inner.insert(iterVar2) }
        inner.insert(accuVar)
        return inner
    }
}
