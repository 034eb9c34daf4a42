import CEL
import Diagnostics
import RuleModel

/// A checked condition read against the rule set's tracking plan (docs/rules.md, "Conditions
/// checked against the plan"): every name selected on an event is a computed name or a declared
/// attribute (E313), every string compared with an event's `type` or used as a key of a day's
/// `count` is a type of the plan (E314), and an attribute read where the `&&` chain around it has
/// fixed the event's type to types that do not declare it is a warning (W436). It reads the
/// checked tree's types: an event is any node of the plan's event record, whatever its name.
struct ConditionPlanCheck {
    /// One problem, at a range inside the expression.
    struct Finding: Equatable {
        enum Kind: Equatable {
            /// A name the event record does not have; the closest name it has.
            case unknownAttribute(suggestion: String?)
            /// A type string the plan does not have; the closest type it has.
            case unknownType(suggestion: String?)
            /// An attribute read on an event whose type is one of `types`, none declaring it;
            /// `declaredBy` are the types that do.
            case attributeOutsideTypes(types: [String], declaredBy: [String])
        }
        var kind: Kind
        var name: String
        var range: CELSourceRange
    }

    let plan: EventPlan
    let records: EventRecordTypes
    /// The names an event has, for suggestions: the plan's attributes and the computed names.
    private let attributeNames: [String]
    private let computedNames: [String]
    private let typeNames: Set<String>

    init(plan: EventPlan, records: EventRecordTypes) {
        self.plan = plan
        self.records = records
        computedNames = FactTypes.event.fields.map(\.name)
        attributeNames = records.event.fields.map(\.name).filter { FactTypes.event.fieldType($0) == nil }
        typeNames = Set(plan.typeNames)
    }

    func findings(in checked: CELCheckedAST) -> [Finding] {
        var visit = Visit(check: self, checked: checked)
        visit.node(checked.ast.root)
        // A read inside two chains that both fix its event is one finding.
        var seen: [Finding] = []
        for finding in visit.found where !seen.contains(finding) { seen.append(finding) }
        return seen
    }

    /// One pass over a condition's tree, without the scope sets `CELExpr.walk` keeps: only the
    /// `&&` chains need to know which names a comprehension binds anew.
    private struct Visit {
        let check: ConditionPlanCheck
        let checked: CELCheckedAST
        var found: [Finding] = []
        /// The expression's scalars, made at the first finding that needs a name's place.
        private var scalars: [Unicode.Scalar]?

        init(check: ConditionPlanCheck, checked: CELCheckedAST) {
            self.check = check
            self.checked = checked
        }

        mutating func node(_ expr: CELExpr) {
            switch expr.kind {
            case .literal, .ident:
                return
            case .select(let operand, let field, _):
                if check.isEvent(operand, checked), check.records.event.fieldType(field) == nil {
                    found.append(check.unknownAttribute(field, at: place(of: field, after: operand, in: expr)))
                }
                node(operand)
            case .call(let target, let function, let args):
                if target == nil, function == "_&&_" {
                    chain(expr)
                    return
                }
                if target == nil, args.count == 2 { found += check.typeStrings(function, args, checked) }
                if let target { node(target) }
                for arg in args { node(arg) }
            case .list(let elements):
                for element in elements { node(element) }
            case .map(let entries):
                for entry in entries {
                    node(entry.key)
                    node(entry.value)
                }
            case .comprehension(let c):
                for part in [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result] { node(part) }
            }
        }

        /// A chain of `&&` from its top: W436 over its operands, then each operand as any node.
        private mutating func chain(_ top: CELExpr) {
            let conjuncts = ConditionPlanCheck.conjuncts(of: top)
            for (variable, types) in check.fixedTypes(conjuncts, checked) {
                for conjunct in conjuncts { reads(of: variable, outside: types, in: conjunct) }
            }
            for conjunct in conjuncts { node(conjunct) }
        }

        /// W436 for each `variable.attribute` under `expr` that none of `types` declares.
        private mutating func reads(of variable: String, outside types: Set<String>, in expr: CELExpr) {
            switch expr.kind {
            case .literal, .ident:
                return
            case .select(let operand, let field, let testOnly):
                if !testOnly, case .ident(variable) = operand.kind, check.isEvent(operand, checked),
                   FactTypes.event.fieldType(field) == nil, case let declaredBy = check.records.typesDeclaring(field),
                   !declaredBy.isEmpty, types.isDisjoint(with: declaredBy) {
                    found.append(Finding(kind: .attributeOutsideTypes(types: types.sorted(), declaredBy: declaredBy.sorted()),
                                         name: field, range: place(of: field, after: operand, in: expr)))
                }
                reads(of: variable, outside: types, in: operand)
            case .call(let target, _, let args):
                if let target { reads(of: variable, outside: types, in: target) }
                for arg in args { reads(of: variable, outside: types, in: arg) }
            case .list(let elements):
                for element in elements { reads(of: variable, outside: types, in: element) }
            case .map(let entries):
                for entry in entries {
                    reads(of: variable, outside: types, in: entry.key)
                    reads(of: variable, outside: types, in: entry.value)
                }
            case .comprehension(let c):
                reads(of: variable, outside: types, in: c.iterRange)
                reads(of: variable, outside: types, in: c.accuInit)
                // A comprehension that binds the name anew reads another event in its body.
                guard c.iterVar != variable, c.iterVar2 != variable, c.accuVar != variable else { return }
                for part in [c.loopCondition, c.loopStep, c.result] { reads(of: variable, outside: types, in: part) }
            }
        }

        /// Where `field` of `operand.field` is written (`e . x` has spaces before it).
        private mutating func place(of field: String, after operand: CELExpr, in select: CELExpr) -> CELSourceRange {
            if scalars == nil { scalars = Array(checked.ast.source.unicodeScalars) }
            return ConditionPlanCheck.locate(field, in: scalars ?? [], after: operand.range.end)
                ?? CELSourceRange(start: operand.range.end, end: select.range.end)
        }
    }

    // MARK: attributes (E313)

    fileprivate func unknownAttribute(_ name: String, at range: CELSourceRange) -> Finding {
        Finding(kind: .unknownAttribute(suggestion: closestName(to: name)), name: name, range: range)
    }

    /// The closest attribute or computed name; an attribute where both are as close (`minuets`
    /// is as far from `minute` as from `minutes`, and the plan's word is the likelier meant).
    private func closestName(to name: String) -> String? {
        let attribute = Suggestion.closest(to: name, in: attributeNames)
        let computed = Suggestion.closest(to: name, in: computedNames)
        guard let attribute, let computed else { return attribute ?? computed }
        return Suggestion.distance(name, computed) < Suggestion.distance(name, attribute) ? computed : attribute
    }

    fileprivate func isEvent(_ expr: CELExpr, _ checked: CELCheckedAST) -> Bool {
        guard case .record(let record)? = checked.types[expr.id] else { return false }
        return record.name == records.event.name
    }

    private func isDay(_ expr: CELExpr, _ checked: CELCheckedAST) -> Bool {
        guard case .record(let record)? = checked.types[expr.id] else { return false }
        return record.name == records.day.name
    }

    // MARK: type strings (E314)

    /// `e.type == "X"`, `"X" != e.type`, `e.type in ["X"]`, `d.count["X"]`, `d.count[?"X"]`,
    /// `"X" in d.count`, and an attribute selected with `e.?name`.
    fileprivate func typeStrings(_ function: String, _ args: [CELExpr], _ checked: CELCheckedAST) -> [Finding] {
        switch function {
        case "_==_", "_!=_":
            if isTypeSelection(args[0], checked) { return unknownTypes([args[1]]) }
            if isTypeSelection(args[1], checked) { return unknownTypes([args[0]]) }
        case "@in":
            if isTypeSelection(args[0], checked), case .list(let elements) = args[1].kind { return unknownTypes(elements) }
            if isCountSelection(args[1], checked) { return unknownTypes([args[0]]) }
        case "_[_]", "_[?_]":
            if isCountSelection(args[0], checked) { return unknownTypes([args[1]]) }
        case "_?._":
            if isEvent(args[0], checked), case .literal(.string(let field)) = args[1].kind,
               records.event.fieldType(field) == nil {
                return [unknownAttribute(field, at: args[1].range)]
            }
        default:
            break
        }
        return []
    }

    private func unknownTypes(_ candidates: [CELExpr]) -> [Finding] {
        candidates.compactMap { candidate in
            guard case .literal(.string(let name)) = candidate.kind, !typeNames.contains(name) else { return nil }
            return Finding(kind: .unknownType(suggestion: Suggestion.closest(to: name, in: plan.typeNames)),
                           name: name, range: candidate.range)
        }
    }

    private func isTypeSelection(_ expr: CELExpr, _ checked: CELCheckedAST) -> Bool {
        guard case .select(let operand, FactTypes.EventField.type.rawValue, false) = expr.kind else { return false }
        return isEvent(operand, checked)
    }

    private func isCountSelection(_ expr: CELExpr, _ checked: CELCheckedAST) -> Bool {
        guard case .select(let operand, FactTypes.DayField.count.rawValue, false) = expr.kind else { return false }
        return isDay(operand, checked)
    }

    // MARK: reads outside the fixed types (W436)

    /// The operands of a chain of `&&`, in written order.
    fileprivate static func conjuncts(of node: CELExpr) -> [CELExpr] {
        guard case .call(nil, "_&&_", let args) = node.kind else { return [node] }
        return args.flatMap { conjuncts(of: $0) }
    }

    /// `v.type == "X"`, `"X" == v.type` or `v.type in ["X", "Y"]` with `v` an event variable: the
    /// types it fixes `v` to. A string the plan does not have fixes nothing (E314 names it).
    private func fixedTypes(_ conjunct: CELExpr, _ checked: CELCheckedAST) -> (variable: String, types: Set<String>)? {
        guard case .call(nil, let function, let args) = conjunct.kind, args.count == 2 else { return nil }
        let selection: CELExpr, strings: [CELExpr]
        switch function {
        case "_==_" where isTypeSelection(args[0], checked): (selection, strings) = (args[0], [args[1]])
        case "_==_" where isTypeSelection(args[1], checked): (selection, strings) = (args[1], [args[0]])
        case "@in" where isTypeSelection(args[0], checked):
            guard case .list(let elements) = args[1].kind else { return nil }
            (selection, strings) = (args[0], elements)
        default: return nil
        }
        guard case .select(let operand, _, _) = selection.kind, case .ident(let variable) = operand.kind else { return nil }
        var types = Set<String>()
        for string in strings {
            guard case .literal(.string(let name)) = string.kind, typeNames.contains(name) else { return nil }
            types.insert(name)
        }
        return (variable, types)
    }

    /// The types the chain's operands fix each event variable to (intersected when several do);
    /// in the order the variables are first fixed.
    fileprivate func fixedTypes(_ conjuncts: [CELExpr], _ checked: CELCheckedAST) -> [(String, Set<String>)] {
        var fixed: [(String, Set<String>)] = []
        for conjunct in conjuncts {
            guard let (variable, types) = fixedTypes(conjunct, checked) else { continue }
            if let index = fixed.firstIndex(where: { $0.0 == variable }) {
                fixed[index].1.formIntersection(types)
            } else {
                fixed.append((variable, types))
            }
        }
        return fixed.filter { !$0.1.isEmpty }
    }

    /// The range of `word` in `source` at or after `offset`.
    static func locate(_ word: String, in source: [Unicode.Scalar], after offset: Int) -> CELSourceRange? {
        let target = Array(word.unicodeScalars)
        guard !target.isEmpty, offset >= 0 else { return nil }
        var i = offset
        while i + target.count <= source.count {
            if source[i..<(i + target.count)].elementsEqual(target) { return CELSourceRange(start: i, end: i + target.count) }
            i += 1
        }
        return nil
    }
}
