import CEL

/// The best day of a history, kept as events arrive: `(days.map(d, BODY) + [0]).max()` where
/// BODY counts or sums what a chain of `filter`/`map` makes of the day's events —
/// `d.events.filter(e, P).size()` or `d.events.filter(e, P).map(e, int(T)).sum()` (TaskMate's
/// best-day metrics). Each event adds to its own day only, so the value after any number of
/// events is one running maximum over per-day totals (`DailyFoldTable`): no day record is
/// built and no day's events are iterated again when an event arrives.
///
/// The days `days` shows but that have no events on time have the body's value over no events,
/// 0. They cannot change the maximum while some day with events reaches 0, which is the case
/// for counts always and for sums of values that are not negative. Where that does not hold (a
/// day summing below 0), or a day's sum is not an int, or a body runs over the cost limit, the
/// table says it is not exact and the state is replayed with the expression as written
/// (`Replay.plainSlots`).
struct DailyFold: Sendable {
    /// One `filter`, `map` or `map(x, p, t)` of the chain, innermost (over `d.events`) first.
    struct Step: Sendable {
        var macro: CELMacroShape
        var iterVar: String
        var predicate: CELProgram?
        var transform: CELProgram?
        var binding: CELRecordShape
        /// The most steps its predicate and transform can take on one event (`CELCostBound`),
        /// `nil` when that is not known before evaluation.
        var bodySteps: Int?
    }

    /// What the body makes of the chain's list.
    enum Total: Sendable {
        case count
        /// `sum()` of ints (the checker's `sum_list_int`).
        case sum(CELListReduction)
    }

    /// What one event contributes to its day.
    enum Contribution {
        case element(CELValue)
        case dropped
        case failed(CELValue)
    }

    var steps: [Step]
    /// The same steps over all events, as event folds (indices in `Replay.folds`), innermost
    /// first: their tables give each event's element without evaluating it again.
    var chain: [Int] = []
    var total: Total
    /// The largest of the int literals added before and after the mapped values, if any.
    var literalMaximum: Int64?
    /// Nodes of the expression as written (`(days.map(d, BODY) + [0]).max()`).
    var writtenNodes: Int

    /// The daily fold `dayFold` (recognized by `DayFold.match` on `node`) is, or `nil`: a `max`
    /// of ints over a plain `map` of the days whose body counts or sums (ints) a chain of
    /// closed macros over the day's `events`.
    init?(_ dayFold: DayFold, node: CELExpr, checked: CELCheckedAST) {
        guard dayFold.reduction == .max, case .map(let body) = dayFold.shape, checked.types[node.id] == .int else { return nil }
        var literals: [Int64] = []
        for value in dayFold.leading + dayFold.trailing {
            guard case .int(let v) = value else { return nil }
            literals.append(v)
        }
        literalMaximum = literals.max()
        writtenNodes = node.nodeCount()
        let chain: CELExpr
        if let (reduction, list) = CELListReduction.match(body, checked: checked) {
            guard reduction.kind == .sum, checked.types[body.id] == .int else { return nil }  // an int sum: its empty value is 0
            total = .sum(reduction)
            chain = list
        } else if let (function, operand) = body.singleOperandCall, function == "size",
                  case .overloads(let ids)? = checked.references[body.id], !ids.isEmpty, ids.allSatisfy({ $0 == "size_list" || $0 == "list_size" }) {
            total = .count
            chain = operand
        } else {
            return nil
        }
        guard let steps = Self.steps(of: chain, dayVariable: dayFold.iterVar, checked: checked) else { return nil }
        self.steps = steps
    }

    /// The macros from `d.events` out to `expr`, innermost first; `nil` unless `expr` is such a chain.
    private static func steps(of expr: CELExpr, dayVariable: String, checked: CELCheckedAST) -> [Step]? {
        if case .select(let operand, "events", false) = expr.kind, case .ident(let name) = operand.kind, name == dayVariable {
            return []
        }
        guard let macro = CELClosedMacro(expr, references: checked.references) else { return nil }
        switch macro.shape {
        case .filter, .map, .mapFiltered: break
        case .all, .exists, .existsOne: return nil
        }
        guard var inner = steps(of: macro.range, dayVariable: dayVariable, checked: checked) else { return nil }
        func program(_ body: CELExpr) -> CELProgram {
            let ast = CELAST(root: body, source: checked.ast.source, macroCalls: checked.ast.macroCalls)
            return CELProgram(checked: CELCheckedAST(ast: ast, types: checked.types, references: checked.references))
        }
        var step = Step(macro: macro.shape, iterVar: macro.iterVar, binding: CELRecordShape(fields: [macro.iterVar]))
        func bound(_ body: CELExpr) -> Int? { CELCostBound.steps(of: body, types: checked.types) }
        switch macro.shape {
        case .filter(let p):
            step.predicate = program(p)
            step.bodySteps = bound(p)
        case .map(let x):
            step.transform = program(x)
            step.bodySteps = bound(x)
        case .mapFiltered(let p, let x):
            step.predicate = program(p)
            step.transform = program(x)
            step.bodySteps = bound(p).flatMap { p in bound(x).map { p + $0 } }
        case .all, .exists, .existsOne: return nil
        }
        inner.append(step)
        return inner
    }

    /// The most steps evaluating the fold as written can take over `days` days and `events`
    /// events (each event on at most one day), or `nil` when that is not bounded. Every node once;
    /// per day, the day's iteration (at most every node); per event and chain step, the step's
    /// iteration and what its bodies' calls may charge; each `+` of the lists copies at most
    /// the days and the literals, two steps an element (`CELCostModel`).
    func writtenSteps(days: Int, events: Int) -> Int? {
        var body = 0
        for step in steps {
            guard let steps = step.bodySteps else { return nil }
            body = Swift.max(body, steps)
        }
        let n = writtenNodes
        var total = n
        func add(_ factors: Int...) -> Bool {
            var product = 1
            for factor in factors {
                let (value, overflow) = product.multipliedReportingOverflow(by: factor)
                if overflow { return false }
                product = value
            }
            let (sum, overflow) = total.addingReportingOverflow(product)
            total = sum
            return !overflow
        }
        guard add(days, 1 + n),
              add(steps.count, events, 1 + n + body),
              add(2, n, days + n) else { return nil }
        return total
    }

    /// What an event (its CEL record) adds to its day: the chain's element, nothing (filtered
    /// out), or the error that makes the written expression fail.
    func contribution(of event: CELValue, costLimit: Int) -> Contribution {
        var value = event
        for step in steps {
            let activation = CELActivation(shape: step.binding, values: [value])
            if let predicate = step.predicate {
                let kept = predicate.evaluate(activation, costLimit: costLimit)
                guard case .bool(let keep) = kept else {
                    return .failed(kept.isError ? kept : .error(CELError(.noSuchOverload, "no matching overload: predicate is \(kept.typeName)")))
                }
                if !keep { return .dropped }
            }
            if let transform = step.transform {
                value = transform.evaluate(activation, costLimit: costLimit)
                if value.isError { return .failed(value) }
            }
        }
        return .element(value)
    }
}
