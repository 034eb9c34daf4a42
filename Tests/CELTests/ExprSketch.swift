@testable import CEL

/// A compact, unambiguous rendering of an AST for table-driven tests:
/// calls as `f(a, b)`, receiver calls as `t.f(a)`, selections as `a.f`, tests as `has(a.f)`.
func sketch(_ expr: CELExpr) -> String {
    switch expr.kind {
    case .literal(let literal):
        switch literal {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .int(let value): return "\(value)"
        case .uint(let value): return "\(value)u"
        case .double(let value): return "\(value)"
        case .string(let value): return "\"\(value)\""
        case .bytes(let value): return "b\(value)"
        }
    case .ident(let name):
        return name
    case .select(let operand, let field, let testOnly):
        return testOnly ? "has(\(sketch(operand)).\(field))" : "\(sketch(operand)).\(field)"
    case .call(let target, let function, let args):
        let list = args.map(sketch).joined(separator: ", ")
        if let target { return "\(sketch(target)).\(function)(\(list))" }
        return "\(function)(\(list))"
    case .list(let elements):
        return "[" + elements.map(sketch).joined(separator: ", ") + "]"
    case .map(let entries):
        return "{" + entries.map { "\(sketch($0.key)): \(sketch($0.value))" }.joined(separator: ", ") + "}"
    case .comprehension(let c):
        let vars = c.iterVar2.map { "\(c.iterVar), \($0)" } ?? c.iterVar
        return "fold(\(vars) in \(sketch(c.iterRange)); \(c.accuVar) = \(sketch(c.accuInit)); "
            + "while \(sketch(c.loopCondition)); step \(sketch(c.loopStep)); result \(sketch(c.result)))"
    }
}

func parsed(_ source: String) -> CELAST? {
    try? CELEnvironment().parse(source).get()
}

func parseIssue(_ source: String) -> CELIssue? {
    guard case .failure(let errors) = CELEnvironment().parse(source) else { return nil }
    return errors.issues.first
}
