import CEL
import RuleModel

/// Finds the folds over `events` in rule expressions (see `EventFold`) and rewrites each
/// expression to read them as variables, through CEL's substitution pass (`CELSubstitution`). A
/// comprehension qualifies when it iterates `events` (or a qualifying `filter`/`map` over it), is
/// a standard macro whose bodies read only its iteration variable (`CELClosedMacro`); anything
/// else is left as written.
struct EventFoldPlanner {
    private(set) var folds: [EventFold] = []
    /// Where each shareable fold is in `folds`, and each fold by the variable it is read as:
    /// rule sets of thousands of awards register thousands of folds.
    /// The shareable ones are bucketed by their key's hash and found by comparing keys: a table
    /// keyed by the key itself would have the runtime look up how that type hashes.
    private var shared: [Int: [(key: EventFold.Candidate.SharingKey, index: Int)]] = [:]
    private var byVariable: [String: Int] = [:]
    /// One binding shape per iteration variable name, shared by the folds over it.
    private var elementBindings: [String: CELRecordShape] = [:]
    /// Folds over `days` (see `DayFold`), rewritten the same way in a second pass.
    private(set) var dayFolds: [DayFold] = []

    /// The expression with its folds over events, and over days where it has any, read as
    /// variables. With day folds, `fallback` is the expression with only its event folds, for
    /// checkpoints where a day fold cannot give the written value. With `daily`, a best day
    /// over the day's events becomes a daily fold (`DailyFold`), read like an event fold: such
    /// a plan holds only where its tables are exact (`Replay.plainSlots` plans the others).
    mutating func plan(_ program: CELProgram, daily: Bool = false) -> PlannedExpression {
        guard let checked = program.checked else {
            return PlannedExpression(program: program, inputs: .everything, folds: [])
        }
        let withoutDays = planFolds(program, checked: checked, foldingDays: false, daily: false).plan
        // Only an expression that reads `days` can have a day fold: the others are planned once.
        guard withoutDays.inputs.variables.contains(.days) else { return withoutDays }
        let (withDays, dayFoldsUsed) = planFolds(program, checked: checked, foldingDays: true, daily: daily)
        let dailyUsed = withDays.folds.contains { if case .daily = folds[$0].shape { true } else { false } }
        guard !dayFoldsUsed.isEmpty || dailyUsed else { return withoutDays }
        var wholeDaily: DailyFold?
        if dayFoldsUsed.isEmpty, case .ident(let name)? = withDays.program.checked?.ast.root.kind,
           let k = byVariable[name], case .daily(let dailyFold) = folds[k].shape {
            wholeDaily = dailyFold
        }
        var inputs = withDays.inputs
        if !dayFoldsUsed.isEmpty { inputs.variables.insert(.days) }
        return PlannedExpression(program: withDays.program, inputs: inputs, folds: withDays.folds, dayFolds: dayFoldsUsed,
                                 fallback: dayFoldsUsed.isEmpty ? nil : withoutDays.program, readsDailyFolds: dailyUsed,
                                 writtenNodes: nil, wholeDaily: wholeDaily, writtenVariables: withDays.writtenVariables)
    }

    private mutating func planFolds(_ program: CELProgram, checked: CELCheckedAST, foldingDays: Bool,
                                    daily: Bool) -> (plan: PlannedExpression, dayFolds: [Int]) {
        var used: [Int] = []
        var dayFoldsUsed: [Int] = []
        let rewritten = CELSubstitution.apply(to: checked) { node, bound in
            if foldingDays, var fold = DayFold.match(node, checked: checked, bound: bound) {
                if daily, var dailyFold = DailyFold(fold, node: node, checked: checked) {
                    // Its steps over all events, registered (not read by the expression) for their tables.
                    var unread: [Int] = []
                    var source = EventFold.Source.events
                    for step in dailyFold.steps {
                        let k = register(EventFold.Candidate(shape: EventFold.Shape(step.macro), source: source,
                                                             iterVar: step.iterVar), used: &unread)
                        dailyFold.chain.append(k)
                        source = .fold(k)
                    }
                    return folds[register(EventFold.Candidate(shape: .daily(dailyFold), source: .events, iterVar: ""),
                                          used: &used)].variable
                }
                fold.variable = "@dayfold_\(dayFolds.count)"
                dayFolds.append(fold)
                dayFoldsUsed.append(dayFolds.count - 1)
                return fold.variable
            }
            guard let fold = eventFold(node, checked: checked, bound: bound) else { return nil }
            return folds[register(fold, used: &used)].variable
        }
        let writtenInputs = ExpressionInputs(checked)
        let asWritten = PlannedExpression(program: program, inputs: writtenInputs, folds: [],
                                          writtenVariables: writtenInputs.variables)
        guard let rewritten else { return (asWritten, []) }
        let planned = CELProgram(checked: rewritten)
        let nodes = !rewritten.ast.root.containsComprehension && used.allSatisfy({ !bodiesIterate(fold: $0) })
            ? checked.ast.root.nodeCount() : nil
        let plan = PlannedExpression(program: planned, inputs: ExpressionInputs(rewritten), folds: used, writtenNodes: nodes,
                                     writtenVariables: asWritten.writtenVariables)
        return (plan, dayFoldsUsed)
    }

    /// The event fold `node` is: `size(events)`, a standard macro over `events` or over a
    /// fold's list whose bodies read only its iteration variable, or `sum()`, `min()` or
    /// `max()` of a fold's list (kept per prefix: reading it does not walk the list).
    private func eventFold(_ node: CELExpr, checked: CELCheckedAST, bound: Set<String>) -> EventFold.Candidate? {
        if let (function, operand) = node.singleOperandCall, function == "size",
           isEvents(operand, checked: checked, bound: bound) {
            return EventFold.Candidate(shape: .count, source: .events, iterVar: "")
        }
        if let (reduction, list) = CELListReduction.match(node, checked: checked), case .ident(let name) = list.kind,
           let k = byVariable[name], folds[k].shape.producesList {
            return EventFold.Candidate(shape: .reduction(reduction), source: .fold(k), iterVar: "")
        }
        guard let macro = CELClosedMacro(node, references: checked.references) else { return nil }
        let source: EventFold.Source
        if isEvents(macro.range, checked: checked, bound: bound) {
            source = .events
        } else if case .ident(let name) = macro.range.kind,
                  let k = byVariable[name], folds[k].shape.producesList {
            source = .fold(k)
        } else {
            return nil
        }
        return EventFold.Candidate(shape: EventFold.Shape(macro.shape), source: source, iterVar: macro.iterVar)
    }

    /// Whether a fold's bodies, or those of the folds it iterates, contain an iteration.
    private func bodiesIterate(fold k: Int) -> Bool {
        guard k < folds.count else { return true }
        if folds[k].shape.bodies.contains(where: \.containsComprehension) { return true }
        if case .fold(let source) = folds[k].source { return bodiesIterate(fold: source) }
        return false
    }

    /// Adds a fold, or finds the same fold already registered by another expression (rule sets
    /// repeat filters like `e.type == "workout"`, and each fold is a pass over every event).
    private mutating func register(_ fold: EventFold.Candidate, used: inout [Int]) -> Int {
        let key = fold.sharingKey
        if let key, let existing = shared[key.hashValue]?.first(where: { $0.key == key })?.index {
            if !used.contains(existing) { used.append(existing) }
            return existing
        }
        let index = folds.count
        let binding = elementBindings[fold.iterVar] ?? CELRecordShape(fields: [fold.iterVar])
        elementBindings[fold.iterVar] = binding
        let registered = EventFold(fold, variable: "@fold_\(index)", elementBinding: binding)
        folds.append(registered)
        byVariable[registered.variable] = index
        if let key { shared[key.hashValue, default: []].append((key, index)) }
        used.append(index)
        return index
    }

    /// The `events` variable itself (not a comprehension variable that happens to be called so).
    private func isEvents(_ expr: CELExpr, checked: CELCheckedAST, bound: Set<String>) -> Bool {
        Self.isVariable(expr, FactVariable.events, checked: checked, bound: bound)
    }

    /// Whether `expr` reads fact `variable` itself: its identifier, not shadowed by a
    /// comprehension variable, resolved by the checker to that variable.
    static func isVariable(_ expr: CELExpr, _ variable: FactVariable, checked: CELCheckedAST, bound: Set<String>) -> Bool {
        guard case .ident(let name) = expr.kind, name == variable.rawValue, !bound.contains(name) else { return false }
        if case .variable(let qualified)? = checked.references[expr.id] { return qualified == name }
        return checked.references[expr.id] == nil
    }
}
