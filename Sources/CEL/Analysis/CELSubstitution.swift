/// An optimiser pass over a checked AST (after cel-go's `cel.ASTOptimizer`): the host names the
/// sub-expressions whose value it will supply itself, and each is replaced by an identifier it
/// binds in the activation. A host that tabulates a comprehension over a growing list, for
/// instance, evaluates it once per element and binds the result instead of iterating again.
///
/// Nodes are offered bottom-up, each with its children already rewritten and the comprehension
/// variables in scope, so a comprehension whose range was replaced sees the new identifier as its
/// range. A replaced node's sub-expressions are gone with it.
package struct CELSubstitution {
    /// The identifier to put in place of `node`, or `nil` to keep it. `bound` holds the
    /// comprehension variables in scope at the node.
    package typealias Choice = (_ node: CELExpr, _ bound: Set<String>) -> String?

    /// `checked` with the chosen sub-expressions replaced, or `nil` when none was. The checker's
    /// types and references stay for the nodes that remain (the new identifiers have none, so
    /// they are resolved by name from the activation).
    package static func apply(to checked: CELCheckedAST, _ choose: Choice) -> CELCheckedAST? {
        var pass = Pass(ids: CELExprIDAllocator(after: checked.ast.root))
        let root = pass.rewrite(checked.ast.root, bound: [], choose)
        guard pass.replaced else { return nil }
        let ast = CELAST(root: root, source: checked.ast.source, macroCalls: checked.ast.macroCalls,
                         anchors: checked.ast.anchors)
        return CELCheckedAST(ast: ast, types: checked.types, references: checked.references)
    }

    private struct Pass {
        var ids: CELExprIDAllocator
        /// How many nodes were replaced so far: a node none of whose descendants was is kept as
        /// it is (the result shares it with the checked tree instead of copying it).
        var replacements = 0
        var replaced: Bool { replacements > 0 }

        mutating func rewrite(_ expr: CELExpr, bound: Set<String>, _ choose: Choice) -> CELExpr {
            let before = replacements
            let kind = rewriteChildren(expr, bound: bound, choose)
            let node = replacements == before ? expr : CELExpr(id: expr.id, range: expr.range, kind: kind)
            guard let name = choose(node, bound) else { return node }
            replacements += 1
            return CELExpr(id: ids.next(), range: expr.range, kind: .ident(name))
        }

        /// The kind of `expr` over its rewritten children.
        private mutating func rewriteChildren(_ expr: CELExpr, bound: Set<String>, _ choose: Choice) -> CELExpr.Kind {
            switch expr.kind {
            case .literal, .ident:
                return expr.kind
            case .select(let operand, let field, let testOnly):
                return .select(operand: rewrite(operand, bound: bound, choose), field: field, testOnly: testOnly)
            case .call(let target, let function, let args):
                let newTarget = target.map { rewrite($0, bound: bound, choose) }
                return .call(target: newTarget, function: function, args: all(args, bound, choose))
            case .list(let elements):
                return .list(elements: all(elements, bound, choose))
            case .map(let entries):
                var rewritten: [CELMapEntry] = []
                for entry in entries {
                    rewritten.append(CELMapEntry(id: entry.id, key: rewrite(entry.key, bound: bound, choose),
                                                 value: rewrite(entry.value, bound: bound, choose)))
                }
                return .map(entries: rewritten)
            case .comprehension(let c):
                let loop = c.loopScope(around: bound)
                var new = c
                new.iterRange = rewrite(c.iterRange, bound: bound, choose)
                new.accuInit = rewrite(c.accuInit, bound: bound, choose)
                new.loopCondition = rewrite(c.loopCondition, bound: loop, choose)
                new.loopStep = rewrite(c.loopStep, bound: loop, choose)
                new.result = rewrite(c.result, bound: bound.union([c.accuVar]), choose)
                return .comprehension(new)
            }
        }

        private mutating func all(_ exprs: [CELExpr], _ bound: Set<String>, _ choose: Choice) -> [CELExpr] {
            var rewritten: [CELExpr] = []
            rewritten.reserveCapacity(exprs.count)
            for expr in exprs { rewritten.append(rewrite(expr, bound: bound, choose)) }
            return rewritten
        }
    }
}
