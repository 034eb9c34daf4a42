/// An expression compared by how it is written (`CELExpr.isWrittenAlike`): equal node kinds,
/// names, literals and structure, whatever the node ids and source ranges. Hashable, so hosts
/// find expressions written alike by grouping instead of comparing every pair.
package struct CELWrittenForm: Hashable, Sendable {
    package let expr: CELExpr

    package init(_ expr: CELExpr) { self.expr = expr }

    package static func == (a: CELWrittenForm, b: CELWrittenForm) -> Bool { a.expr.isWrittenAlike(b.expr) }

    package func hash(into hasher: inout Hasher) { Self.hash(expr, into: &hasher) }

    /// Hashes what `isWrittenAlike` compares, and nothing else.
    private static func hash(_ node: CELExpr, into hasher: inout Hasher) {
        switch node.kind {
        case .literal(let literal):
            hasher.combine(0)
            hasher.combine(literal)
        case .ident(let name):
            hasher.combine(1)
            hasher.combine(name)
        case .select(let operand, let field, let testOnly):
            hasher.combine(2)
            hasher.combine(field)
            hasher.combine(testOnly)
            hash(operand, into: &hasher)
        case .call(let target, let function, let args):
            hasher.combine(3)
            hasher.combine(function)
            hasher.combine(target != nil)
            if let target { hash(target, into: &hasher) }
            hasher.combine(args.count)
            for arg in args { hash(arg, into: &hasher) }
        case .list(let elements):
            hasher.combine(4)
            hasher.combine(elements.count)
            for element in elements { hash(element, into: &hasher) }
        case .map(let entries):
            hasher.combine(5)
            hasher.combine(entries.count)
            for entry in entries {
                hash(entry.key, into: &hasher)
                hash(entry.value, into: &hasher)
            }
        case .comprehension(let c):
            hasher.combine(6)
            hasher.combine(c.iterVar)
            hasher.combine(c.iterVar2)
            hasher.combine(c.accuVar)
            for part in [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result] { hash(part, into: &hasher) }
        }
    }
}
