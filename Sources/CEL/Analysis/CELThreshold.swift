/// A comparison of an expression against a number constant from below, `X >= N` or `X > N`
/// (N an int, uint or double literal): it turns true once X reaches the constant. Hosts use it
/// to measure progress (X against N) and to skip evaluations while X cannot have reached N.
package struct CELThreshold: Sendable {
    /// X.
    package var operand: CELExpr
    /// N.
    package var bound: CELLiteral
    /// `>` rather than `>=`.
    package var isStrict: Bool

    /// The threshold `expr` is, or `nil`.
    package init?(_ expr: CELExpr) {
        guard case .call(nil, let function, let args) = expr.kind, function == "_>=_" || function == "_>_",
              args.count == 2, case .literal(let bound) = args[1].kind else { return nil }
        switch bound {
        case .int, .uint, .double: break
        default: return nil
        }
        operand = args[0]
        self.bound = bound
        isStrict = function == "_>_"
    }

    /// The first operand `A && B && …` evaluates (the leftmost leaf of its `&&`s) when it is a
    /// threshold. `&&` stops at a false left operand, so while that threshold is false so is the
    /// whole expression.
    package static func leadingConjunct(of expr: CELExpr) -> CELThreshold? {
        guard case .call(nil, "_&&_", _) = expr.kind else { return nil }
        var leftmost = expr
        while case .call(nil, "_&&_", let args) = leftmost.kind, args.count == 2 { leftmost = args[0] }
        return CELThreshold(leftmost)
    }

    /// Whether the comparison holds for the number `value`, exactly as CEL compares an int with
    /// the bound (int against int, uint or double across kinds).
    package func holds(for value: Int64) -> Bool {
        switch bound {
        case .int(let n): isStrict ? value > n : value >= n
        case .uint(let n): value >= 0 && (isStrict ? UInt64(value) > n : UInt64(value) >= n)
        case .double(let d): isStrict ? Double(value) > d : Double(value) >= d
        default: false
        }
    }
}

extension CELCheckedAST {
    /// The sub-expression `expr` of this AST as an AST of its own: its source text cut out, ranges
    /// and anchors moved to it, the checker's types and references kept. Plan it with
    /// `CELProgram(checked:)`; nothing is parsed or checked again.
    package func subexpression(_ expr: CELExpr) -> CELCheckedAST {
        let scalars = Array(ast.source.unicodeScalars)
        let start = Swift.max(0, Swift.min(expr.range.start, scalars.count))
        let end = Swift.max(start, Swift.min(expr.range.end, scalars.count))
        // Scalar by scalar: appending the slice runs generic code whose first use has the runtime
        // look up the slice type's conformance, by scanning every conformance record.
        var text = ""
        for position in start..<end { text.unicodeScalars.append(scalars[position]) }
        func moved(_ range: CELSourceRange) -> CELSourceRange {
            CELSourceRange(start: range.start - start, end: range.end - start)
        }
        var ids: Set<CELExprID> = []
        expr.walk { node, _ in
            ids.insert(node.id)
            return .descend
        }
        let root = expr.movingRanges(by: -start)
        let macroCalls = ast.macroCalls.filter { ids.contains($0.key) }.mapValues { $0.movingRanges(by: -start) }
        let anchors = ast.anchors.filter { ids.contains($0.key) }.mapValues(moved)
        return CELCheckedAST(ast: CELAST(root: root, source: text, macroCalls: macroCalls, anchors: anchors),
                             types: types.keeping(ids),
                             references: references.keeping(ids))
    }
}

extension CELExpr {
    /// The same tree with every source range moved by `delta` scalars.
    func movingRanges(by delta: Int) -> CELExpr {
        func move(_ e: CELExpr) -> CELExpr {
            var node = e
            node.range = CELSourceRange(start: e.range.start + delta, end: e.range.end + delta)
            switch e.kind {
            case .literal, .ident: break
            case .select(let operand, let field, let testOnly):
                node.kind = .select(operand: move(operand), field: field, testOnly: testOnly)
            case .call(let target, let function, let args):
                node.kind = .call(target: target.map(move), function: function, args: args.map(move))
            case .list(let elements):
                node.kind = .list(elements: elements.map(move))
            case .map(let entries):
                node.kind = .map(entries: entries.map { CELMapEntry(id: $0.id, key: move($0.key), value: move($0.value)) })
            case .comprehension(let c):
                node.kind = .comprehension(CELComprehension(
                    iterVar: c.iterVar, iterVar2: c.iterVar2, iterRange: move(c.iterRange), accuVar: c.accuVar,
                    accuInit: move(c.accuInit), loopCondition: move(c.loopCondition), loopStep: move(c.loopStep),
                    result: move(c.result)))
            }
            return node
        }
        return move(self)
    }
}
