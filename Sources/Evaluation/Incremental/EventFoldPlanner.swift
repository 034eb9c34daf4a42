import CEL

/// Finds the folds over `events` in rule expressions (see `EventFold`) and rewrites each
/// expression to read them as variables. A comprehension qualifies when it iterates `events` (or a
/// qualifying `filter`/`map` over it), has the shape of a standard macro, and its body reads only
/// its iteration variable; anything else is left as written.
struct EventFoldPlanner {
    private(set) var folds: [EventFold] = []
    /// Folds over `days` (see `DayFold`), rewritten the same way when `foldingDays`.
    private(set) var dayFolds: [DayFold] = []
    private var foldingDays = false
    private var dayFoldsUsed: [Int] = []

    /// The expression with its folds over events, and over days where it has any, read as
    /// variables. With day folds, `fallback` is the expression with only its event folds, for
    /// checkpoints where a day fold cannot give the written value.
    mutating func plan(_ program: CELProgram) -> PlannedExpression {
        let withoutDays = planFolds(program)
        // Only an expression that reads `days` can have a day fold: the others are planned once.
        guard program.checked != nil, withoutDays.inputs.variables.contains(.days) else { return withoutDays }
        foldingDays = true
        dayFoldsUsed = []
        defer { foldingDays = false }
        var withDays = planFolds(program)
        guard !dayFoldsUsed.isEmpty else { return withoutDays }
        withDays.dayFolds = dayFoldsUsed
        withDays.inputs.variables.insert(.days)
        withDays.writtenNodes = nil
        withDays.fallback = withoutDays.program
        return withDays
    }

    private mutating func planFolds(_ program: CELProgram) -> PlannedExpression {
        guard let checked = program.checked else {
            return PlannedExpression(program: program, inputs: ExpressionInputs(program), folds: [])
        }
        var ids = CELExprIDs(after: checked.ast.root)
        var used: [Int] = []
        let rewritten = rewrite(checked.ast.root, checked: checked, bound: [], ids: &ids, used: &used).expr
        guard !used.isEmpty || !dayFoldsUsed.isEmpty else {
            return PlannedExpression(program: program, inputs: ExpressionInputs(program), folds: [])
        }
        let ast = CELCheckedAST(ast: CELAST(root: rewritten, source: checked.ast.source, macroCalls: checked.ast.macroCalls),
                                types: checked.types, references: checked.references)
        guard let planned = try? CELProgram(checked: ast) else {
            return PlannedExpression(program: program, inputs: ExpressionInputs(program), folds: [])
        }
        var plan = PlannedExpression(program: planned, inputs: ExpressionInputs(planned), folds: used)
        if !Self.iterates(rewritten), used.allSatisfy({ !bodiesIterate(fold: $0) }) {
            plan.writtenNodes = Self.nodes(in: checked.ast.root)
        }
        return plan
    }

    /// Whether a fold's bodies, or those of the folds it iterates, contain an iteration.
    private func bodiesIterate(fold k: Int) -> Bool {
        guard k < folds.count else { return true }
        if Self.bodies(of: folds[k].shape).contains(where: Self.iterates) { return true }
        if case .fold(let source) = folds[k].source { return bodiesIterate(fold: source) }
        return false
    }

    /// Whether an expression contains a comprehension.
    static func iterates(_ expr: CELExpr) -> Bool {
        switch expr.kind {
        case .literal, .ident: false
        case .select(let operand, _, _): iterates(operand)
        case .call(let target, _, let args): (target.map(iterates) ?? false) || args.contains(where: iterates)
        case .list(let elements): elements.contains(where: iterates)
        case .map(let entries): entries.contains { iterates($0.key) || iterates($0.value) }
        case .comprehension: true
        }
    }

    /// Every node of an expression, each part of a comprehension included (at least what CEL
    /// charges for evaluating it once, and for one iteration of any comprehension in it).
    static func nodes(in expr: CELExpr) -> Int {
        switch expr.kind {
        case .literal, .ident: 1
        case .select(let operand, _, _): 1 + nodes(in: operand)
        case .call(let target, _, let args): 1 + (target.map { nodes(in: $0) } ?? 0) + args.reduce(0) { $0 + nodes(in: $1) }
        case .list(let elements): 1 + elements.reduce(0) { $0 + nodes(in: $1) }
        case .map(let entries): 1 + entries.reduce(0) { $0 + nodes(in: $1.key) + nodes(in: $1.value) }
        case .comprehension(let c):
            1 + nodes(in: c.iterRange) + nodes(in: c.accuInit) + nodes(in: c.loopCondition) + nodes(in: c.loopStep)
                + nodes(in: c.result)
        }
    }

    // MARK: rewriting

    private mutating func rewrite(_ expr: CELExpr, checked: CELCheckedAST, bound: Set<String>,
                                  ids: inout CELExprIDs, used: inout [Int]) -> (expr: CELExpr, fold: Int?) {
        func again(_ child: CELExpr, _ scope: Set<String>) -> CELExpr {
            rewrite(child, checked: checked, bound: scope, ids: &ids, used: &used).expr
        }
        if foldingDays, let fold = DayFold.match(expr, checked: checked, bound: bound) {
            var fold = fold
            fold.variable = "@dayfold_\(dayFolds.count)"
            dayFolds.append(fold)
            dayFoldsUsed.append(dayFolds.count - 1)
            return (CELExpr(id: ids.next(), range: expr.range, kind: .ident(fold.variable)), nil)
        }
        switch expr.kind {
        case .literal, .ident:
            return (expr, nil)
        case .select(let operand, let field, let testOnly):
            return (CELExpr(id: expr.id, range: expr.range,
                            kind: .select(operand: again(operand, bound), field: field, testOnly: testOnly)), nil)
        case .call(let target, let function, let args):
            if function == "size", isEvents(target == nil && args.count == 1 ? args[0] : (args.isEmpty ? target : nil),
                                             checked: checked, bound: bound) {
                let index = register(EventFold(shape: .count, source: .events, iterVar: "", variable: ""), used: &used)
                return (foldReference(index, like: expr, ids: &ids), index)
            }
            return (CELExpr(id: expr.id, range: expr.range,
                            kind: .call(target: target.map { again($0, bound) }, function: function,
                                        args: args.map { again($0, bound) })), nil)
        case .list(let elements):
            return (CELExpr(id: expr.id, range: expr.range, kind: .list(elements: elements.map { again($0, bound) })), nil)
        case .map(let entries):
            return (CELExpr(id: expr.id, range: expr.range, kind: .map(entries: entries.map {
                CELMapEntry(id: $0.id, key: again($0.key, bound), value: again($0.value, bound))
            })), nil)
        case .comprehension(let c):
            // The range first: it may itself be a fold this one can iterate.
            var source: EventFold.Source?
            let range: CELExpr
            if isEvents(c.iterRange, checked: checked, bound: bound) {
                source = .events
                range = c.iterRange
            } else {
                let inner = rewrite(c.iterRange, checked: checked, bound: bound, ids: &ids, used: &used)
                range = inner.expr
                if let fold = inner.fold, folds[fold].shape.producesList { source = .fold(fold) }
            }
            if let source, c.iterVar2 == nil, let shape = Self.shape(of: c),
               Self.bodies(of: shape).allSatisfy({ Self.isClosed($0, over: c.iterVar, checked: checked) }) {
                let index = register(EventFold(shape: shape, source: source, iterVar: c.iterVar, variable: ""), used: &used)
                return (foldReference(index, like: expr, ids: &ids), index)
            }
            var inner = bound
            inner.insert(c.iterVar)
            if let second = c.iterVar2 { inner.insert(second) }
            inner.insert(c.accuVar)
            let rewritten = CELComprehension(
                iterVar: c.iterVar, iterVar2: c.iterVar2, iterRange: range, accuVar: c.accuVar,
                accuInit: again(c.accuInit, bound), loopCondition: again(c.loopCondition, inner),
                loopStep: again(c.loopStep, inner), result: again(c.result, bound.union([c.accuVar])))
            return (CELExpr(id: expr.id, range: expr.range, kind: .comprehension(rewritten)), nil)
        }
    }

    /// Adds a fold, or finds the same fold already registered by another expression (rule sets
    /// repeat filters like `e.type == "workout"`, and each fold is a pass over every event).
    private mutating func register(_ fold: EventFold, used: inout [Int]) -> Int {
        if let existing = folds.firstIndex(where: { $0.computesTheSame(as: fold) }) {
            if !used.contains(existing) { used.append(existing) }
            return existing
        }
        var fold = fold
        fold.variable = "@fold_\(folds.count)"
        folds.append(fold)
        used.append(folds.count - 1)
        return folds.count - 1
    }

    private func foldReference(_ index: Int, like expr: CELExpr, ids: inout CELExprIDs) -> CELExpr {
        CELExpr(id: ids.next(), range: expr.range, kind: .ident(folds[index].variable))
    }

    /// The `events` variable itself (not a comprehension variable that happens to be called so).
    private func isEvents(_ expr: CELExpr?, checked: CELCheckedAST, bound: Set<String>) -> Bool {
        guard let expr, case .ident(let name) = expr.kind, name == FactVariable.events.rawValue,
              !bound.contains(name) else { return false }
        if case .variable(let qualified)? = checked.references[expr.id] { return qualified == name }
        return true
    }

    // MARK: shapes

    /// The macro a comprehension was expanded from, matched on the parser's expansions.
    static func shape(of c: CELComprehension) -> EventFold.Shape? {
        let accu = c.accuVar
        func isAccu(_ e: CELExpr) -> Bool { if case .ident(let n) = e.kind { return n == accu } else { return false } }
        func isIter(_ e: CELExpr) -> Bool { if case .ident(let n) = e.kind { return n == c.iterVar } else { return false } }
        func literal(_ e: CELExpr) -> CELLiteral? { if case .literal(let l) = e.kind { return l } else { return nil } }
        func call(_ e: CELExpr, _ name: String) -> [CELExpr]? {
            if case .call(nil, let f, let args) = e.kind, f == name { return args } else { return nil }
        }
        func isEmptyList(_ e: CELExpr) -> Bool { if case .list(let xs) = e.kind { return xs.isEmpty } else { return false } }
        /// `accu + [x]` → x
        func appended(_ e: CELExpr) -> CELExpr? {
            guard let args = call(e, "_+_"), args.count == 2, isAccu(args[0]),
                  case .list(let xs) = args[1].kind, xs.count == 1 else { return nil }
            return xs[0]
        }
        let resultIsAccu = isAccu(c.result)
        let alwaysTrue = literal(c.loopCondition) == .bool(true)

        if literal(c.accuInit) == .bool(true), resultIsAccu,
           let cond = call(c.loopCondition, "@not_strictly_false"), cond.count == 1, isAccu(cond[0]),
           let step = call(c.loopStep, "_&&_"), step.count == 2, isAccu(step[0]) {
            return .all(predicate: step[1])
        }
        if literal(c.accuInit) == .bool(false), resultIsAccu,
           let cond = call(c.loopCondition, "@not_strictly_false"), cond.count == 1,
           let negated = call(cond[0], "!_"), negated.count == 1, isAccu(negated[0]),
           let step = call(c.loopStep, "_||_"), step.count == 2, isAccu(step[0]) {
            return .exists(predicate: step[1])
        }
        if literal(c.accuInit) == .int(0), alwaysTrue,
           let result = call(c.result, "_==_"), result.count == 2, isAccu(result[0]), literal(result[1]) == .int(1),
           let step = call(c.loopStep, "_?_:_"), step.count == 3, isAccu(step[2]),
           let plus = call(step[1], "_+_"), plus.count == 2, isAccu(plus[0]), literal(plus[1]) == .int(1) {
            return .existsOne(predicate: step[0])
        }
        guard isEmptyList(c.accuInit), alwaysTrue, resultIsAccu else { return nil }
        if let x = appended(c.loopStep) { return .map(transform: x) }
        if let step = call(c.loopStep, "_?_:_"), step.count == 3, isAccu(step[2]), let x = appended(step[1]) {
            return isIter(x) ? .filter(predicate: step[0]) : .mapFiltered(predicate: step[0], transform: x)
        }
        return nil
    }

    static func bodies(of shape: EventFold.Shape) -> [CELExpr] {
        switch shape {
        case .all(let p), .exists(let p), .existsOne(let p), .filter(let p): [p]
        case .map(let x): [x]
        case .mapFiltered(let p, let x): [p, x]
        case .count: []
        }
    }

    /// Whether an expression reads no variable but `iterVar` (and names bound inside it; type
    /// names and constants resolved by the checker are fine).
    static func isClosed(_ expr: CELExpr, over iterVar: String, checked: CELCheckedAST) -> Bool {
        func closed(_ e: CELExpr, _ bound: Set<String>) -> Bool {
            switch e.kind {
            case .literal:
                return true
            case .ident(let name):
                if bound.contains(name) { return true }
                switch checked.references[e.id] {
                case .constant?, .typeName?: return true
                default: return false
                }
            case .select(let operand, _, _):
                if case .variable? = checked.references[e.id] { return false }
                return closed(operand, bound)
            case .call(let target, _, let args):
                return (target.map { closed($0, bound) } ?? true) && args.allSatisfy { closed($0, bound) }
            case .list(let elements):
                return elements.allSatisfy { closed($0, bound) }
            case .map(let entries):
                return entries.allSatisfy { closed($0.key, bound) && closed($0.value, bound) }
            case .comprehension(let c):
                var inner = bound
                inner.insert(c.iterVar)
                if let second = c.iterVar2 { inner.insert(second) }
                inner.insert(c.accuVar)
                return closed(c.iterRange, bound) && closed(c.accuInit, bound) && closed(c.loopCondition, inner)
                    && closed(c.loopStep, inner) && closed(c.result, bound.union([c.accuVar]))
            }
        }
        return closed(expr, [iterVar])
    }
}
