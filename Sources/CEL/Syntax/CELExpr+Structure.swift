extension CELExpr {
    /// The direct sub-expressions, in source order (map entries contribute key then value).
    package var children: [CELExpr] {
        switch kind {
        case .literal, .ident:
            return []
        case .select(let operand, _, _):
            return [operand]
        case .call(let target, _, let args):
            return (target.map { [$0] } ?? []) + args
        case .list(let elements):
            return elements
        case .map(let entries):
            return entries.flatMap { [$0.key, $0.value] }
        case .comprehension(let comprehension):
            return [comprehension.iterRange, comprehension.accuInit, comprehension.loopCondition,
                    comprehension.loopStep, comprehension.result]
        }
    }

    /// `a.b.c` for an identifier followed only by field selections (not `has()` tests), else `nil`.
    /// A leading-dot name keeps its dot (`.a.b`).
    package var qualifiedName: String? {
        switch kind {
        case .ident(let name):
            return name
        case .select(let operand, let field, let testOnly):
            guard !testOnly, let prefix = operand.qualifiedName else { return nil }
            return prefix + "." + field
        default:
            return nil
        }
    }
}
