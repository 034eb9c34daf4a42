extension CELExpr {
    /// Calls `body` with each child in `children` order, without making the array: analyses
    /// walk every node of every expression of a rule set.
    package func forEachChild(_ body: (CELExpr) -> Void) {
        switch kind {
        case .literal, .ident:
            break
        case .select(let operand, _, _):
            body(operand)
        case .call(let target, _, let args):
            if let target { body(target) }
            for arg in args { body(arg) }
        case .list(let elements):
            for element in elements { body(element) }
        case .map(let entries):
            for entry in entries {
                body(entry.key)
                body(entry.value)
            }
        case .comprehension(let comprehension):
            body(comprehension.iterRange)
            body(comprehension.accuInit)
            body(comprehension.loopCondition)
            body(comprehension.loopStep)
            body(comprehension.result)
        }
    }

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
