import CEL
import Facts
import RuleModel

extension ExplanationBuilder {
    /// Elements evaluated per macro at most: beyond, the explanation names none.
    static let elementsExamined = 20_000

    /// For each `exists` and `all` of the condition (outside other macros' bodies) that ran over
    /// a list at `now`: the element that decides it, with its predicate's parts.
    func deciding(_ expression: RuleExpression, trace: [CELExprID: CELValue], now: Moment) -> [ExplanationElement] {
        guard let checked = expression.program.checked else { return [] }
        let scalars = Array(checked.ast.source.unicodeScalars)
        var found: [ExplanationElement] = []
        var pending = [checked.ast.root]
        while let node = pending.popLast() {
            if case .comprehension(let c) = node.kind, let shape = CELMacroShape(c),
               case .list(let list)? = trace[c.iterRange.id], !list.isEmpty, list.count <= Self.elementsExamined,
               case .bool(let whole)? = trace[node.id] {
                switch shape {
                case .exists(let p), .all(let p):
                    let isAll = if case .all = shape { true } else { false }
                    let judged = Judged(checked: checked, predicate: p, iterVar: c.iterVar, bindings: outcome.bindingsAtNow)
                    if let element = deciding(judged, list: Array(list), isAll: isAll, whole: whole,
                                              macro: Self.text(of: node.range, in: scalars),
                                              rangeName: Self.text(of: c.iterRange.range, in: scalars),
                                              scalars: scalars, now: now) {
                        found.append(element)
                    }
                default:
                    break
                }
            }
            pending += Self.children(of: node).reversed()
        }
        return found
    }

    /// A macro's predicate, ready to be evaluated for one element at a time.
    struct Judged {
        let program: CELProgram
        let conjuncts: [CELExpr]
        let iterVar: String
        let bindings: [String: CELValue]

        init(checked: CELCheckedAST, predicate: CELExpr, iterVar: String, bindings: [String: CELValue]) {
            program = CELProgram(checked: checked.subexpression(predicate))
            conjuncts = ExplanationBuilder.conjuncts(predicate)
            self.iterVar = iterVar
            self.bindings = bindings
        }

        func run(_ element: CELValue, costLimit: Int) -> (value: CELValue, trace: [CELExprID: CELValue]) {
            var bound = bindings
            bound[iterVar] = element
            return program.evaluateTraced(CELActivation(bound), costLimit: costLimit)
        }
    }

    private func deciding(_ judged: Judged, list: [CELValue], isAll: Bool, whole: Bool, macro: String,
                          rangeName: String, scalars: [Unicode.Scalar], now: Moment) -> ExplanationElement? {
        if isAll && whole { return nil }
        // exists true: the first that holds; all false: the first that does not.
        let wanted = !isAll
        var best: (index: Int, trace: [CELExprID: CELValue], score: Int, gap: Double)?
        for (index, element) in list.enumerated() {
            let (value, trace) = judged.run(element, costLimit: costLimit)
            let holds = Self.isTrue(value)
            if whole == wanted || isAll {
                guard holds == wanted else { continue }
                best = (index, trace, 0, 0)
                break
            }
            // A false exists: the element with the most parts true, then the smallest shortfall.
            let score = judged.conjuncts.filter { Self.isTrue(trace[$0.id]) }.count
            let gap = Self.shortfall(judged.conjuncts, trace: trace)
            if best.map({ score > $0.score || (score == $0.score && gap < $0.gap) }) ?? true {
                best = (index, trace, score, gap)
            }
        }
        guard let best else { return nil }
        let role: ExplanationElement.Role = whole ? .madeTrue : (isAll ? .failsFirst : .cameClosest)
        var terms: [ExplanationTerm] = []
        for conjunct in judged.conjuncts {
            collect(conjunct, depth: 0, scalars: scalars, trace: best.trace, offset: now.offsetSeconds, into: &terms)
        }
        let failing = judged.conjuncts.filter { !Self.isTrue(best.trace[$0.id]) }.map { Self.text(of: $0.range, in: scalars) }
        // What short-circuiting skipped says nothing about this element.
        terms.removeAll { $0.value == "not evaluated" }
        // The `events` fact is the state's events up to `now` in time order: named by their index
        // in the state file, as the unlock names them.
        let index = rangeName == FactVariable.events.rawValue && list.count == events.count ? events[best.index].index : best.index
        return ExplanationElement(macro: macro, role: role,
                                  element: Self.elementText(list[best.index], index: index, rangeName: rangeName, now: now),
                                  terms: terms, failing: role == .madeTrue ? [] : failing)
    }

    /// How far the false numeric comparisons among `conjuncts` are from holding, added up.
    static func shortfall(_ conjuncts: [CELExpr], trace: [CELExprID: CELValue]) -> Double {
        var total = 0.0
        for conjunct in conjuncts where !isTrue(trace[conjunct.id]) {
            guard case .call(nil, let function, let args) = conjunct.kind, args.count == 2,
                  ["_<_", "_<=_", "_>_", "_>=_"].contains(function),
                  let a = trace[args[0].id].flatMap(Self.number), let b = trace[args[1].id].flatMap(Self.number)
            else { total += 1_000_000; continue }
            total += abs(a - b)
        }
        return total
    }

    static func isTrue(_ value: CELValue?) -> Bool {
        if case .bool(true)? = value { true } else { false }
    }

    /// The operands of a chain of `&&`, in written order.
    static func conjuncts(_ node: CELExpr) -> [CELExpr] {
        guard case .call(nil, "_&&_", let args) = node.kind, args.count == 2 else { return [node] }
        return conjuncts(args[0]) + conjuncts(args[1])
    }

    private static func number(_ value: CELValue) -> Double? {
        switch value {
        case .int(let v): Double(v)
        case .uint(let v): Double(v)
        case .double(let v): v
        default: nil
        }
    }

    /// `events[12]: focus_session at 2026-01-05T10:00:00+08:00`, `days[3]: 2026-01-04`, or the
    /// element's value for anything else.
    static func elementText(_ element: CELValue, index: Int, rangeName: String, now: Moment) -> String {
        var parts: [String] = []
        if case .map(let map) = element {
            if case .string(let type)? = map[string: "type"] { parts.append(type) }
            if case .timestamp(let at)? = map[string: "at"] { parts.append("at " + at.rfc3339(offsetSeconds: now.offsetSeconds)) }
            if parts.isEmpty, case .string(let date)? = map[string: "date"] { parts.append(date) }
        }
        if parts.isEmpty { parts.append(ExplanationValueText.text(element, offsetSeconds: now.offsetSeconds)) }
        return "\(rangeName)[\(index)]: " + parts.joined(separator: " ")
    }
}
