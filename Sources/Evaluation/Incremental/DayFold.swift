import CEL
import RuleModel

/// A macro over `days` whose body reads only its day, with what the expression makes of it: a
/// boolean (`exists`, `all`, `exists_one`), a count (`size` of a `filter`), or a `max`, `min` or
/// `sum` of the mapped values (with literal numbers added before or after, as in
/// `(days.map(d, …) + [0]).max()`). A day's record changes only on the days an event, a plan or
/// passing time touches, so the body is evaluated once per record (`DayFoldValues`) and the result
/// is folded over the days in order instead of iterating every day at every checkpoint.
struct DayFold: Sendable {
    enum Reduction: Sendable, Equatable {
        /// The macro's own boolean (`all`, `exists`, `exists_one`).
        case macro
        case size
        case max
        case min
        case sum
    }

    var shape: EventFold.Shape
    var reduction: Reduction
    var iterVar: String
    /// Literal numbers before and after the mapped values (`[0] + …`, `… + [0]`).
    var leading: [CELValue] = []
    var trailing: [CELValue] = []
    /// The name the rewritten expression reads its value under.
    var variable = ""
    var predicate: CELProgram?
    var transform: CELProgram?
    /// What the body binds: its day.
    var shapeOfBinding: CELRecordShape

    init(shape: EventFold.Shape, reduction: Reduction, iterVar: String, checked: CELCheckedAST) {
        self.shape = shape
        self.reduction = reduction
        self.iterVar = iterVar
        shapeOfBinding = CELRecordShape(fields: [iterVar])
        // Bodies keep the checker's types (an empty `sum()` inside is 0 of the element type).
        func program(_ body: CELExpr) -> CELProgram? {
            let ast = CELAST(root: body, source: checked.ast.source, macroCalls: checked.ast.macroCalls)
            return CELProgram(checked: CELCheckedAST(ast: ast, types: checked.types, references: checked.references))
        }
        switch shape {
        case .all(let p), .exists(let p), .existsOne(let p), .filter(let p):
            predicate = program(p)
        case .map(let x):
            transform = program(x)
        case .mapFiltered(let p, let x):
            predicate = program(p)
            transform = program(x)
        case .count, .reduction, .daily:
            break
        }
    }

    // MARK: recognizing

    /// The day fold `expr` is, if it is one: a boolean macro over `days`, `size` of a `filter`
    /// over `days`, or `max`/`min`/`sum` of a `map` over `days` (optionally with a list of
    /// number literals added on either side); every body closed over its day.
    static func match(_ expr: CELExpr, checked: CELCheckedAST, bound: Set<String>) -> DayFold? {
        if case .comprehension = expr.kind {
            guard let (shape, iterVar) = daysMacro(expr, checked: checked, bound: bound) else { return nil }
            switch shape {
            case .all, .exists, .existsOne: return DayFold(shape: shape, reduction: .macro, iterVar: iterVar, checked: checked)
            default: return nil
            }
        }
        guard let (function, operand) = expr.singleOperandCall else { return nil }
        let reduction: Reduction
        switch function {
        case "size": reduction = .size
        case "max": reduction = .max
        case "min": reduction = .min
        case "sum": reduction = .sum
        default: return nil
        }
        return reduced(operand, by: reduction, checked: checked, bound: bound)
    }

    private static func reduced(_ operand: CELExpr, by reduction: Reduction, checked: CELCheckedAST,
                                bound: Set<String>) -> DayFold? {
        var leading: [CELLiteral] = [], trailing: [CELLiteral] = []
        var list = operand
        if reduction != .size, case .call(nil, "_+_", let args) = operand.kind, args.count == 2 {
            if let numbers = args[1].numberLiterals {
                trailing = numbers
                list = args[0]
            } else if let numbers = args[0].numberLiterals {
                leading = numbers
                list = args[1]
            } else {
                return nil
            }
        }
        guard let (shape, iterVar) = daysMacro(list, checked: checked, bound: bound) else { return nil }
        switch (shape, reduction) {
        case (.filter, .size), (.map, .max), (.map, .min), (.map, .sum),
             (.mapFiltered, .max), (.mapFiltered, .min), (.mapFiltered, .sum):
            var fold = DayFold(shape: shape, reduction: reduction, iterVar: iterVar, checked: checked)
            fold.leading = leading.map(Self.number)
            fold.trailing = trailing.map(Self.number)
            return fold
        default:
            return nil
        }
    }

    private static func number(_ literal: CELLiteral) -> CELValue {
        switch literal {
        case .int(let v): .int(v)
        case .uint(let v): .uint(v)
        case .double(let v): .double(v)
        default: .null
        }
    }

    /// A standard macro over the `days` variable whose bodies read only its day.
    private static func daysMacro(_ node: CELExpr, checked: CELCheckedAST,
                                  bound: Set<String>) -> (EventFold.Shape, String)? {
        guard let macro = CELClosedMacro(node, references: checked.references),
              EventFoldPlanner.isVariable(macro.range, .days, checked: checked, bound: bound) else { return nil }
        return (EventFold.Shape(macro.shape), macro.iterVar)
    }
}
