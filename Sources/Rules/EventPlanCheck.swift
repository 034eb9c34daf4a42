import CEL
import Diagnostics
import RuleModel

/// A checked condition read against the rule set's tracking plan (docs/rules.md, "Conditions
/// checked against the plan"): every name selected on an event is a computed name or a declared
/// attribute (E313), every string compared with an event's `type` or used as a key of a day's
/// `count` is a type of the plan (E314), and an attribute read where the `&&` chain around it has
/// fixed the event's type to types that do not declare it is a warning (W436). It reads the
/// checked tree's types: an event is any node of the plan's event record, whatever its name.
struct EventPlanCheck {
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
        let source = Array(checked.ast.source.unicodeScalars)
        var found: [Finding] = []
        var chained = Set<CELExprID>()
        checked.ast.root.walk { node, _ in
            switch node.kind {
            case .select(let operand, let field, _) where isEvent(operand, checked):
                if records.event.fieldType(field) == nil {
                    let range = Self.locate(field, in: source, after: operand.range.end)
                        ?? CELSourceRange(start: operand.range.end, end: node.range.end)
                    found.append(unknownAttribute(field, at: range))
                }
            case .call(nil, "_&&_", _) where !chained.contains(node.id):
                let conjuncts = Self.conjuncts(of: node, chained: &chained)
                found += outsideTypeReads(conjuncts, checked, source: source)
            case .call(nil, let function, let args) where args.count == 2:
                found += typeStrings(function, args, checked)
            default:
                break
            }
            return .descend
        }
        return found
    }

    // MARK: attributes (E313)

    private func unknownAttribute(_ name: String, at range: CELSourceRange) -> Finding {
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

    private func isEvent(_ expr: CELExpr, _ checked: CELCheckedAST) -> Bool {
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
    private func typeStrings(_ function: String, _ args: [CELExpr], _ checked: CELCheckedAST) -> [Finding] {
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

    /// The operands of a chain of `&&`, in written order; the chain's inner `&&` nodes go into
    /// `chained`, so that each chain is read once, from its top.
    private static func conjuncts(of node: CELExpr, chained: inout Set<CELExprID>) -> [CELExpr] {
        guard case .call(nil, "_&&_", let args) = node.kind else { return [node] }
        chained.insert(node.id)
        return args.flatMap { conjuncts(of: $0, chained: &chained) }
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

    private func outsideTypeReads(_ conjuncts: [CELExpr], _ checked: CELCheckedAST,
                                  source: [Unicode.Scalar]) -> [Finding] {
        guard let declaring = records.declaringTypes else { return [] }
        var fixed: [String: Set<String>] = [:]
        for conjunct in conjuncts {
            guard let (variable, types) = fixedTypes(conjunct, checked) else { continue }
            fixed[variable] = fixed[variable].map { $0.intersection(types) } ?? types
        }
        guard !fixed.isEmpty else { return [] }
        var found: [Finding] = []
        for conjunct in conjuncts {
            conjunct.walk { node, bound in
                guard case .select(let operand, let field, false) = node.kind, case .ident(let variable) = operand.kind,
                      !bound.contains(variable), let types = fixed[variable], !types.isEmpty,
                      isEvent(operand, checked), let declaredBy = declaring[field], declaredBy.isDisjoint(with: types)
                else { return .descend }
                let range = Self.locate(field, in: source, after: operand.range.end)
                    ?? CELSourceRange(start: operand.range.end, end: node.range.end)
                found.append(Finding(kind: .attributeOutsideTypes(types: types.sorted(), declaredBy: declaredBy.sorted()),
                                     name: field, range: range))
                return .descend
            }
        }
        return found
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
