/// What constant folding knows of one node, whatever its variables hold (`CELConstantFolding`).
package enum CELFoldedValue: Sendable {
    /// The same value for every binding of the variables.
    case constant(CELValue)
    /// A number never below zero (a size, a uint), its value otherwise unknown.
    case nonNegative

    /// The boolean constant, if it is one.
    package var bool: Bool? {
        if case .constant(.bool(let b)) = self { return b }
        return nil
    }
}

/// A condition of an expression whose value is the same for every binding of its variables.
package struct CELConstantCondition: Sendable {
    /// The condition as written (a node of the checked AST).
    package var node: CELExpr
    package var value: Bool
    /// A count (a size, a uint) compared with a number it can never fail or meet (`size(x) >= 0`),
    /// rather than an expression that folds to a constant.
    package var comparesCount: Bool
    /// Comparisons of one value joined by `&&` that no value satisfies, or by `||` that every
    /// value satisfies, when that is why.
    package var chain: CELComparisonChain.Finding? = nil
}

/// Constant folding on a checked AST, as an analysis: which nodes have the same value for every
/// binding of the variables, and which numbers are never negative. A node that reads no variable
/// is evaluated; `&&`, `||`, `!` and `? :` fold through their constant operands as CEL evaluates
/// them (`false && x` is false whatever `x` is); a count compared with a number it can never fail
/// or meet folds too (`size(x) >= 0` is true, `size(x) < 0` false). The host may vouch for nodes
/// the expression alone does not tell about (a variable's field that is itself a constant or a
/// count) through `hint`.
package struct CELConstantFolding {
    /// What the host knows of `node` (or `nil`).
    package typealias Hint = (_ node: CELExpr) -> CELFoldedValue?

    let checked: CELCheckedAST
    let hint: Hint
    /// The nodes that read a variable, found in one pass (a node's own comprehension variables
    /// aside: they are bound inside it).
    private let readers: Set<CELExprID>
    /// What `fold` found for each node asked about: each rule looks at its operands' folds, so
    /// without it a deep expression would be folded again at every level above.
    private let memo = Memo()
    /// Evaluating a node that reads no variable stops here (a fold over a huge literal range).
    static let costLimit = 100_000

    package init(_ checked: CELCheckedAST, hint: @escaping Hint = { _ in nil }) {
        self.checked = checked
        self.hint = hint
        var readers = Set<CELExprID>()
        _ = Self.freeNames(checked.ast.root, checked: checked, readers: &readers)
        self.readers = readers
    }

    private final class Memo {
        var folds: [CELExprID: CELFoldedValue?] = [:]
    }

    /// What holds of the whole expression.
    package var root: CELFoldedValue? { fold(checked.ast.root) }

    /// What holds of `node` for every binding, or `nil` when nothing is known. An error is not a
    /// constant here: a node that always fails folds to `nil`.
    package func fold(_ node: CELExpr) -> CELFoldedValue? {
        if let known = memo.folds[node.id] { return known }
        let value = foldOnce(node)
        memo.folds[node.id] = value
        return value
    }

    private func foldOnce(_ node: CELExpr) -> CELFoldedValue? {
        if let known = hint(node) { return known }
        if case .literal(let literal) = node.kind { return .constant(CELPlanner.value(of: literal)) }
        if let logic = foldLogic(node) { return logic }
        if let compared = foldCountComparison(node) { return compared }
        if readsNoVariable(node) { return evaluate(node, operands: [:]) }
        if let value = foldOperands(node) { return value }
        return isNonNegative(node) ? .nonNegative : nil
    }

    // MARK: rules

    private func foldLogic(_ node: CELExpr) -> CELFoldedValue? {
        guard case .call(nil, let function, let args) = node.kind else { return nil }
        switch (function, args.count) {
        case ("_&&_", 2), ("_||_", 2):
            let decisive = function == "_||_"
            let values = args.map { fold($0)?.bool }
            if values.contains(decisive) { return .constant(.bool(decisive)) }
            if values.allSatisfy({ $0 == !decisive }) { return .constant(.bool(!decisive)) }
            return comparisonChain(node) == nil ? nil : .constant(.bool(decisive))
        case ("!_", 1):
            return fold(args[0])?.bool.map { .constant(.bool(!$0)) }
        case ("_?_:_", 3):
            return fold(args[0])?.bool.flatMap { fold($0 ? args[1] : args[2]) }
        default:
            return nil
        }
    }

    /// Comparisons of one value in `node`'s `&&` or `||` chain that no value satisfies, or that
    /// every value satisfies (`CELComparisonChain`).
    package func comparisonChain(_ node: CELExpr) -> CELComparisonChain.Finding? {
        CELComparisonChain.finding(node, checked: checked) { operand in
            if case .constant(let value)? = fold(operand) { value } else { nil }
        }
    }

    /// `count OP k` (or `k OP count`) that no count can fail or meet.
    private func foldCountComparison(_ node: CELExpr) -> CELFoldedValue? {
        guard case .call(nil, let function, let args) = node.kind, args.count == 2,
              Self.mirrored[function] != nil else { return nil }
        let (left, right) = (fold(args[0]), fold(args[1]))
        if case .nonNegative? = left, case .constant(let k)? = right {
            return Self.decide(function, k).map { .constant(.bool($0)) }
        }
        if case .constant(let k)? = left, case .nonNegative? = right, let flipped = Self.mirrored[function] {
            return Self.decide(flipped, k).map { .constant(.bool($0)) }
        }
        return nil
    }

    /// `k OP x` is `x mirrored[OP] k`.
    static let mirrored = ["_<_": "_>_", "_<=_": "_>=_", "_>_": "_<_", "_>=_": "_<=_", "_==_": "_==_", "_!=_": "_!=_"]

    /// The value of `x OP k` for every number `x >= 0`, when there is one.
    private static func decide(_ function: String, _ k: CELValue) -> Bool? {
        guard let bound = k.numericDouble, !bound.isNaN else { return nil }
        switch function {
        case "_>=_": return bound <= 0 ? true : nil
        case "_>_": return bound < 0 ? true : nil
        case "_<_": return bound <= 0 ? false : nil
        case "_<=_": return bound < 0 ? false : nil
        case "_==_": return bound < 0 ? false : nil
        case "_!=_": return bound < 0 ? true : nil
        default: return nil
        }
    }

    private func isNonNegative(_ node: CELExpr) -> Bool {
        if checked.types[node.id] == .uint { return true }
        if node.singleOperandCall?.function == "size" { return true }
        guard case .call(nil, let function, let args) = node.kind, function == "_+_" || function == "_*_",
              args.count == 2, checked.types[node.id] == .int else { return false }
        return args.allSatisfy { operand in
            switch fold(operand) {
            case .nonNegative?: true
            case .constant(let value)?: (value.numericDouble ?? -1) >= 0
            case nil: false
            }
        }
    }

    // MARK: evaluation

    /// A call or list whose operands all fold to constants: evaluated with each operand bound to its value.
    private func foldOperands(_ node: CELExpr) -> CELFoldedValue? {
        let operands: [CELExpr]
        switch node.kind {
        case .call(let target, _, let args): operands = (target.map { [$0] } ?? []) + args
        case .list(let elements): operands = elements
        default: return nil
        }
        var values: [CELExprID: CELValue] = [:]
        for operand in operands {
            guard case .constant(let value)? = fold(operand) else { return nil }
            values[operand.id] = value
        }
        return evaluate(node, operands: values)
    }

    private func evaluate(_ node: CELExpr, operands: [CELExprID: CELValue]) -> CELFoldedValue? {
        var ast = checked.subexpression(node)
        var bindings: [String: CELValue] = [:]
        if !operands.isEmpty {
            let replaced = CELSubstitution.apply(to: ast) { candidate, _ in
                operands[candidate.id] == nil ? nil : "@fold\(candidate.id)"
            }
            guard let replaced else { return nil }
            ast = replaced
            for (id, value) in operands { bindings["@fold\(id)"] = value }
        }
        let value = CELProgram(checked: ast).evaluate(CELActivation(bindings), costLimit: Self.costLimit)
        if case .error = value { return nil }
        return .constant(value)
    }

    /// Whether `node` reads no variable (names the checker resolved to constants aside).
    private func readsNoVariable(_ node: CELExpr) -> Bool { !readers.contains(node.id) }

    /// The names `node` reads that it does not bind itself, adding every node that reads one to
    /// `readers`. A selection the checker resolved to a variable (`a.b.c` as one qualified name)
    /// reads that variable whatever binds around it.
    private static func freeNames(_ node: CELExpr, checked: CELCheckedAST, readers: inout Set<CELExprID>) -> Set<String> {
        var free = Set<String>()
        switch node.kind {
        case .ident(let name):
            switch checked.references[node.id] {
            case .constant?, .typeName?: break
            default: free.insert(name)
            }
        case .comprehension(let c):
            free = freeNames(c.iterRange, checked: checked, readers: &readers)
            free.formUnion(freeNames(c.accuInit, checked: checked, readers: &readers))
            let loop = c.loopScope(around: [])
            free.formUnion(freeNames(c.loopCondition, checked: checked, readers: &readers).subtracting(loop))
            free.formUnion(freeNames(c.loopStep, checked: checked, readers: &readers).subtracting(loop))
            free.formUnion(freeNames(c.result, checked: checked, readers: &readers).subtracting([c.accuVar]))
        default:
            // "." names no variable a comprehension could bind: the read reaches every ancestor.
            if case .select = node.kind, case .variable? = checked.references[node.id] { free.insert(".") }
            for child in node.children { free.formUnion(freeNames(child, checked: checked, readers: &readers)) }
        }
        if !free.isEmpty { readers.insert(node.id) }
        return free
    }
}

extension CELConstantFolding {
    /// The conditions of the expression whose value is the same for every binding: the root when
    /// it is a condition, operands of `&&`, `||` and `!`, the condition of `? :`, the predicates
    /// of the standard macros, and every comparison. Only the innermost of nested ones (the cause:
    /// in `x || size(l) >= 0` the comparison, not the whole), and never a written `true` or
    /// `false`, nor a node the host's `hint` decided (the host reports that where it is defined).
    package func constantConditions() -> [CELConstantCondition] {
        var candidates: [CELExpr] = []
        Self.collectConditions(checked.ast.root, isCondition: checked.resultType == .bool, into: &candidates)
        var found: [(node: CELExpr, value: Bool, inner: Set<CELExprID>)] = []
        for node in candidates {
            if case .literal = node.kind { continue }
            guard hint(node) == nil, let value = fold(node)?.bool else { continue }
            var inner = Set<CELExprID>()
            node.walk { descendant, _ in
                if descendant.id != node.id { inner.insert(descendant.id) }
                return .descend
            }
            found.append((node, value, inner))
        }
        let innermost = found.filter { outer in !found.contains { outer.inner.contains($0.node.id) } }
        return innermost.sorted { $0.node.range.start < $1.node.range.start }.map { entry in
            CELConstantCondition(node: entry.node, value: entry.value, comparesCount: comparesCount(entry.node),
                                 chain: comparisonChain(entry.node))
        }
    }

    private func comparesCount(_ node: CELExpr) -> Bool {
        guard case .call(nil, let function, let args) = node.kind, Self.mirrored[function] != nil, args.count == 2 else {
            return false
        }
        return args.contains { if case .nonNegative? = fold($0) { true } else { false } }
    }

    private static let comparisons: Set = ["_<_", "_<=_", "_>_", "_>=_", "_==_", "_!=_", "@in"]

    /// The nodes written as conditions, through the tree as written (a macro's predicate, not
    /// the comprehension it expands to).
    private static func collectConditions(_ node: CELExpr, isCondition: Bool, into found: inout [CELExpr]) {
        switch node.kind {
        case .call(let target, let function, let args):
            if isCondition || (target == nil && comparisons.contains(function)) { found.append(node) }
            let logical = target == nil && (function == "_&&_" || function == "_||_" || function == "!_")
            if let target { collectConditions(target, isCondition: false, into: &found) }
            for (index, arg) in args.enumerated() {
                let condition = logical || (target == nil && function == "_?_:_" && index == 0)
                collectConditions(arg, isCondition: condition, into: &found)
            }
        case .comprehension(let c):
            if isCondition { found.append(node) }
            collectConditions(c.iterRange, isCondition: false, into: &found)
            guard let shape = CELMacroShape(c) else { return }
            switch shape {
            case .all(let p), .exists(let p), .existsOne(let p), .filter(let p):
                collectConditions(p, isCondition: true, into: &found)
            case .map(let x):
                collectConditions(x, isCondition: false, into: &found)
            case .mapFiltered(let p, let x):
                collectConditions(p, isCondition: true, into: &found)
                collectConditions(x, isCondition: false, into: &found)
            }
        case .select(let operand, _, _):
            if isCondition { found.append(node) }
            collectConditions(operand, isCondition: false, into: &found)
        case .list(let elements):
            for element in elements { collectConditions(element, isCondition: false, into: &found) }
        case .map(let entries):
            for entry in entries {
                collectConditions(entry.key, isCondition: false, into: &found)
                collectConditions(entry.value, isCondition: false, into: &found)
            }
        case .literal, .ident:
            if isCondition { found.append(node) }
        }
    }
}
