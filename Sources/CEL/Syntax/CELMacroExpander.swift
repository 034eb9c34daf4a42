/// Expands one macro call into the comprehension cel-go builds for it (langdef "Macros").
/// Helper nodes get fresh ids and the range of the call.
struct CELMacroExpander {
    /// The accumulator variable of every expansion, as in cel-go.
    static let accumulator = "@result"

    private let call: CELExpr
    private let locator: CELSourceLocator
    private(set) var nextID: CELExprID
    private let leafKinds: CELLeafKinds?

    init(call: CELExpr, nextID: CELExprID, locator: CELSourceLocator, leafKinds: CELLeafKinds? = nil) {
        self.call = call
        self.nextID = nextID
        self.locator = locator
        self.leafKinds = leafKinds
    }

    mutating func expand(_ macro: CELMacro, target: CELExpr?, args: [CELExpr]) throws(CELIssue) -> CELExpr {
        switch macro {
        case .has: return try expandHas(args[0])
        case .greatest: return try expandExtreme("math.greatest", args)
        case .least: return try expandExtreme("math.least", args)
        case .bind: return try expandBind(args)
        default: break
        }
        guard let range = target else { return call }
        switch macro {
        case .optMap, .optFlatMap: return try expandOptionalMap(range, args, flat: macro == .optFlatMap)
        case .sortBy: return try expandSortBy(range, args)
        default: break
        }
        let twoVariables: Bool
        switch macro {
        case .allTwo, .existsTwo, .existsOneTwo, .transformList, .transformListFiltered,
             .transformMap, .transformMapFiltered:
            twoVariables = true
        default:
            twoVariables = false
        }
        let first = try variableName(args[0])
        let second = twoVariables ? try variableName(args[1]) : nil
        if let second, second == first {
            throw locator.issue("duplicate variable name '\(second)'", at: args[1].range)
        }
        let body = Array(args.dropFirst(twoVariables ? 2 : 1))

        guard let (initial, condition, step, result) = foldParts(macro, body, iterVar: first) else { return call }
        let comprehension = CELComprehension(
            iterVar: first, iterVar2: second, iterRange: range, accuVar: Self.accumulator,
            accuInit: initial, loopCondition: condition, loopStep: step, result: result)
        return CELExpr(id: call.id, range: call.range, kind: .comprehension(comprehension))
    }

    /// The accumulator's start, the loop's condition and step, and the result of a fold macro
    /// over `body` (its arguments after the iteration variables); `nil` for a macro that is no fold.
    private mutating func foldParts(_ macro: CELMacro, _ body: [CELExpr], iterVar first: String)
        -> (initial: CELExpr, condition: CELExpr, step: CELExpr, result: CELExpr)? {
        let initial: CELExpr
        let condition: CELExpr
        let step: CELExpr
        var result = accu()
        switch macro {
        case .has, .greatest, .least, .bind, .optMap, .optFlatMap, .sortBy:
            return nil
        case .all, .allTwo:
            initial = literal(.bool(true))
            condition = make(.call(target: nil, function: "@not_strictly_false", args: [accu()]))
            step = global("_&&_", accu(), body[0])
        case .exists, .existsTwo:
            initial = literal(.bool(false))
            condition = make(.call(target: nil, function: "@not_strictly_false", args: [global("!_", accu())]))
            step = global("_||_", accu(), body[0])
        case .existsOne, .existsOneTwo:
            initial = literal(.int(0))
            condition = literal(.bool(true))
            step = global("_?_:_", body[0], global("_+_", accu(), literal(.int(1))), accu())
            result = global("_==_", accu(), literal(.int(1)))
        case .map, .transformList:
            initial = make(.list(elements: []))
            condition = literal(.bool(true))
            step = global("_+_", accu(), make(.list(elements: [body[0]])))
        case .mapFiltered, .transformListFiltered:
            initial = make(.list(elements: []))
            condition = literal(.bool(true))
            step = global("_?_:_", body[0], global("_+_", accu(), make(.list(elements: [body[1]]))), accu())
        case .filter:
            initial = make(.list(elements: []))
            condition = literal(.bool(true))
            step = global("_?_:_", body[0], global("_+_", accu(), make(.list(elements: [make(.ident(first))]))), accu())
        case .transformMap:
            initial = make(.map(entries: []))
            condition = literal(.bool(true))
            step = global("cel.@mapInsert", accu(), make(.ident(first)), body[0])
        case .transformMapFiltered:
            initial = make(.map(entries: []))
            condition = literal(.bool(true))
            step = global("_?_:_", body[0], global("cel.@mapInsert", accu(), make(.ident(first)), body[1]), accu())
        }
        return (initial, condition, step, result)
    }

    /// `cel.bind(v, init, body)` becomes a fold over an empty list whose accumulator `v`
    /// starts at `init`: `body` is its result, evaluated once with `v` in scope (as cel-go).
    private mutating func expandBind(_ args: [CELExpr]) throws(CELIssue) -> CELExpr {
        let name = try variableName(args[0])
        return binding(name, to: args[1], in: args[2], id: call.id)
    }

    private mutating func binding(_ name: String, to value: CELExpr, in body: CELExpr, id: CELExprID? = nil) -> CELExpr {
        let comprehension = CELComprehension(
            iterVar: "#unused", iterRange: make(.list(elements: [])), accuVar: name, accuInit: value,
            loopCondition: literal(.bool(false)), loopStep: make(.ident(name)), result: body)
        if let id { return CELExpr(id: id, range: call.range, kind: .comprehension(comprehension)) }
        return make(.comprehension(comprehension))
    }

    /// `opt.optMap(v, expr)` → `opt.hasValue() ? optional.of(expr with v = opt.value()) :
    /// optional.none()`; `optFlatMap` leaves out the `optional.of`. The optional is bound once.
    private mutating func expandOptionalMap(_ target: CELExpr, _ args: [CELExpr], flat: Bool) throws(CELIssue) -> CELExpr {
        let name = try variableName(args[0])
        let optional = "@optional"
        let value = make(.call(target: make(.ident(optional)), function: "value", args: []))
        var mapped = binding(name, to: value, in: args[1])
        if !flat { mapped = global("optional.of", mapped) }
        let test = make(.call(target: make(.ident(optional)), function: "hasValue", args: []))
        let choice = global("_?_:_", test, mapped, global("optional.none"))
        return binding(optional, to: target, in: choice, id: call.id)
    }

    /// `list.sortBy(v, key)` → `lists.@sortByAssociatedKeys(list, list.map(v, key))`, with the
    /// list bound once (as cel-go).
    private mutating func expandSortBy(_ target: CELExpr, _ args: [CELExpr]) throws(CELIssue) -> CELExpr {
        let name = try variableName(args[0])
        let list = "@sortBy"
        let keys = CELComprehension(
            iterVar: name, iterRange: make(.ident(list)), accuVar: Self.accumulator,
            accuInit: make(.list(elements: [])), loopCondition: literal(.bool(true)),
            loopStep: global("_+_", accu(), make(.list(elements: [args[1]]))), result: accu())
        let sorted = global("lists.@sortByAssociatedKeys", make(.ident(list)), make(.comprehension(keys)))
        return binding(list, to: target, in: sorted, id: call.id)
    }

    /// `has(a.f)` becomes the test-only selection of `f`.
    private func expandHas(_ argument: CELExpr) throws(CELIssue) -> CELExpr {
        guard case .select(let operand, let field, _) = argument.kind else {
            throw locator.issue("invalid argument to has() macro: expected a field selection such as 'a.f'",
                                at: argument.range)
        }
        return CELExpr(id: call.id, range: call.range,
                       kind: .select(operand: operand, field: field, testOnly: true))
    }

    /// `math.greatest(a, b, c, …)` becomes `math.greatest([a, b, c, …])`, so the function needs
    /// overloads for one and two arguments and a list only (cel-go does the same). As in cel-go,
    /// a literal that is not a number is reported here rather than as an overload mismatch.
    private mutating func expandExtreme(_ function: String, _ args: [CELExpr]) throws(CELIssue) -> CELExpr {
        guard !args.isEmpty else {
            throw locator.issue("\(function)() requires at least one argument", at: call.range)
        }
        for argument in args where !Self.mayBeNumeric(argument, allowList: args.count == 1) {
            throw locator.issue("\(function)() arguments must be numeric", at: argument.range)
        }
        let operands = args.count <= 2 ? args : [make(.list(elements: args))]
        return CELExpr(id: call.id, range: call.range, kind: .call(target: nil, function: function, args: operands))
    }

    /// False for literals (and list literals) that cannot be numbers; anything else is left
    /// to the checker and the run time.
    private static func mayBeNumeric(_ expr: CELExpr, allowList: Bool) -> Bool {
        switch expr.kind {
        case .literal(.int), .literal(.uint), .literal(.double): return true
        case .literal, .map: return false
        case .list(let elements): return allowList && elements.allSatisfy { mayBeNumeric($0, allowList: false) }
        default: return true
        }
    }

    private func variableName(_ expr: CELExpr) throws(CELIssue) -> String {
        guard case .ident(let name) = expr.kind, !name.hasPrefix(".") else {
            throw locator.issue("argument must be a simple name", at: expr.range)
        }
        guard name != Self.accumulator else {
            throw locator.issue("iteration variable overwrites accumulator variable", at: expr.range)
        }
        return name
    }

    private mutating func make(_ kind: CELExpr.Kind) -> CELExpr {
        defer { nextID += 1 }
        return CELExpr(id: nextID, range: call.range, kind: leafKinds?.shared(kind) ?? kind)
    }

    private mutating func accu() -> CELExpr { make(.ident(Self.accumulator)) }

    private mutating func literal(_ value: CELLiteral) -> CELExpr { make(.literal(value)) }

    private mutating func global(_ function: String, _ args: CELExpr...) -> CELExpr {
        make(.call(target: nil, function: function, args: args))
    }
}
