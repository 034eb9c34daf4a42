/// Which standard macro (langdef "Macros") a comprehension was expanded from, with its bodies,
/// recognized on the parser's expansions: `all`, `exists`, `exists_one`, `filter`, `map` and
/// the three-argument `map(x, p, t)`. Hosts that tabulate folds (a value per prefix of the
/// range) ask for this instead of reading accumulator steps themselves.
package enum CELMacroShape: Sendable {
    case all(predicate: CELExpr)
    case exists(predicate: CELExpr)
    case existsOne(predicate: CELExpr)
    case filter(predicate: CELExpr)
    case map(transform: CELExpr)
    case mapFiltered(predicate: CELExpr, transform: CELExpr)

    /// The macro `c` is, or `nil` for any other comprehension (two-variable forms included).
    package init?(_ c: CELComprehension) {
        guard c.iterVar2 == nil else { return nil }
        let step = Steps(c)
        if let shape = step.quantifier() ?? step.listBuilder() { self = shape } else { return nil }
    }

    /// The predicate and transform, in that order.
    package var bodies: [CELExpr] {
        switch self {
        case .all(let p), .exists(let p), .existsOne(let p), .filter(let p): [p]
        case .map(let x): [x]
        case .mapFiltered(let p, let x): [p, x]
        }
    }

    /// Whether the macro's value is a list (which another macro can iterate).
    package var producesList: Bool {
        switch self {
        case .filter, .map, .mapFiltered: true
        case .all, .exists, .existsOne: false
        }
    }

    /// Whether the two macros compute the same thing from the same range: the same shape, with
    /// bodies written alike (`CELExpr.isWrittenAlike`).
    package func isWrittenAlike(_ other: CELMacroShape) -> Bool {
        switch (self, other) {
        case (.all, .all), (.exists, .exists), (.existsOne, .existsOne), (.filter, .filter), (.map, .map),
             (.mapFiltered, .mapFiltered):
            return zip(bodies, other.bodies).allSatisfy { $0.isWrittenAlike($1) }
        default:
            return false
        }
    }

    /// Reads a comprehension's parts against the expansions in `CELMacroExpander`.
    private struct Steps {
        let c: CELComprehension

        init(_ c: CELComprehension) { self.c = c }

        func isAccu(_ e: CELExpr) -> Bool { if case .ident(let n) = e.kind { n == c.accuVar } else { false } }
        func isIter(_ e: CELExpr) -> Bool { if case .ident(let n) = e.kind { n == c.iterVar } else { false } }
        func literal(_ e: CELExpr) -> CELLiteral? { if case .literal(let l) = e.kind { l } else { nil } }
        func call(_ e: CELExpr, _ name: String, _ count: Int) -> [CELExpr]? {
            if case .call(nil, let f, let args) = e.kind, f == name, args.count == count { args } else { nil }
        }
        /// `accu + [x]` → x
        func appended(_ e: CELExpr) -> CELExpr? {
            guard let args = call(e, "_+_", 2), isAccu(args[0]), case .list(let xs) = args[1].kind, xs.count == 1
            else { return nil }
            return xs[0]
        }

        /// `all`, `exists`, `exists_one`.
        func quantifier() -> CELMacroShape? {
            if literal(c.accuInit) == .bool(true), isAccu(c.result),
               let cond = call(c.loopCondition, "@not_strictly_false", 1), isAccu(cond[0]),
               let step = call(c.loopStep, "_&&_", 2), isAccu(step[0]) {
                return .all(predicate: step[1])
            }
            if literal(c.accuInit) == .bool(false), isAccu(c.result),
               let cond = call(c.loopCondition, "@not_strictly_false", 1),
               let negated = call(cond[0], "!_", 1), isAccu(negated[0]),
               let step = call(c.loopStep, "_||_", 2), isAccu(step[0]) {
                return .exists(predicate: step[1])
            }
            if literal(c.accuInit) == .int(0), literal(c.loopCondition) == .bool(true),
               let result = call(c.result, "_==_", 2), isAccu(result[0]), literal(result[1]) == .int(1),
               let step = call(c.loopStep, "_?_:_", 3), isAccu(step[2]),
               let plus = call(step[1], "_+_", 2), isAccu(plus[0]), literal(plus[1]) == .int(1) {
                return .existsOne(predicate: step[0])
            }
            return nil
        }

        /// `map`, `filter`, `map(x, p, t)`.
        func listBuilder() -> CELMacroShape? {
            guard case .list(let initial) = c.accuInit.kind, initial.isEmpty,
                  literal(c.loopCondition) == .bool(true), isAccu(c.result) else { return nil }
            if let x = appended(c.loopStep) { return .map(transform: x) }
            if let step = call(c.loopStep, "_?_:_", 3), isAccu(step[2]), let x = appended(step[1]) {
                return isIter(x) ? .filter(predicate: step[0]) : .mapFiltered(predicate: step[0], transform: x)
            }
            return nil
        }
    }
}

extension CELComprehension {
    /// `range.map(iterVar, transform)` as the parser expands it, with fresh node ids from `ids`
    /// (for hosts that evaluate a body over a whole list at once).
    package static func mapping(_ transform: CELExpr, over range: CELExpr, iterVar: String,
                               ids: inout CELExprIDAllocator) -> CELExpr {
        let accumulator = "@result"
        func node(_ kind: CELExpr.Kind) -> CELExpr { CELExpr(id: ids.next(), range: transform.range, kind: kind) }
        let step = node(.call(target: nil, function: "_+_",
                              args: [node(.ident(accumulator)), node(.list(elements: [transform]))]))
        return node(.comprehension(CELComprehension(
            iterVar: iterVar, iterRange: range, accuVar: accumulator, accuInit: node(.list(elements: [])),
            loopCondition: node(.literal(.bool(true))), loopStep: step, result: node(.ident(accumulator)))))
    }
}

/// Fresh node ids for synthesized nodes, above every id of an existing tree.
package struct CELExprIDAllocator: Sendable {
    private var last: CELExprID

    package init(after tree: CELExpr) {
        last = tree.maxID
    }

    package mutating func next() -> CELExprID {
        last += 1
        return last
    }
}

/// A standard macro whose bodies read nothing but its iteration variable (`events.filter(e,
/// e.type == "x")`): its value over a list depends on the list's elements alone, element by
/// element, so a host can compute it once per element and fold the results over any prefix of a
/// growing list instead of iterating again.
package struct CELClosedMacro: Sendable {
    package var shape: CELMacroShape
    package var iterVar: String
    /// What it iterates (already rewritten when offered by `CELSubstitution`).
    package var range: CELExpr

    /// The closed macro `node` is, with the checker's `references`, or `nil`.
    package init?(_ node: CELExpr, references: CELNodeTable<CELReference>) {
        guard case .comprehension(let c) = node.kind, let shape = CELMacroShape(c),
              shape.bodies.allSatisfy({ CELInputs(of: $0, references: references, bound: [c.iterVar]).isEmpty })
        else { return nil }
        self.shape = shape
        iterVar = c.iterVar
        range = c.iterRange
    }
}
