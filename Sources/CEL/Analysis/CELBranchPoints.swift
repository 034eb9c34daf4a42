/// The sub-expressions of a condition whose boolean outcome a test can see decide: the whole
/// expression, every operand of `&&`, `||` and `!`, the condition of `? :`, and every
/// comparison (`==`, `!=`, `<`, `<=`, `>`, `>=`, `in`), also inside macro bodies. What macro
/// expansion generated (a fold's accumulator steps, `exists_one`'s count test, `optMap`'s
/// presence test) is left out: the expander gives such nodes the whole macro call's range,
/// which no node written inside the call has.
package enum CELBranchPoints {
    static let comparisons: Set<String> = ["_==_", "_!=_", "_<_", "_<=_", "_>_", "_>=_", "@in"]
    static let logical: Set<String> = ["_&&_", "_||_", "!_"]

    /// The branch points of `root`, each once, outermost first, in the tree's order.
    package static func of(_ root: CELExpr) -> [CELExpr] {
        var found: [CELExpr] = []
        var seen = Set<CELExprID>()
        func add(_ expr: CELExpr, generatedRange: CELSourceRange?) {
            guard expr.range != generatedRange, seen.insert(expr.id).inserted else { return }
            found.append(expr)
        }
        func visit(_ expr: CELExpr, generatedRange: CELSourceRange?) {
            var inner = generatedRange
            switch expr.kind {
            case .call(nil, let function, let args):
                if comparisons.contains(function) { add(expr, generatedRange: generatedRange) }
                if logical.contains(function) {
                    for operand in args { add(operand, generatedRange: generatedRange) }
                } else if function == "_?_:_", let condition = args.first {
                    add(condition, generatedRange: generatedRange)
                }
            case .comprehension:
                inner = expr.range
            default:
                break
            }
            for child in expr.children { visit(child, generatedRange: inner) }
        }
        add(root, generatedRange: nil)
        visit(root, generatedRange: nil)
        return found
    }
}
