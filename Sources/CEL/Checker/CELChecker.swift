/// Type-checks a parsed expression as cel-go does: resolves names against the container and
/// comprehension scopes, picks overloads (binding type parameters), and records the type of
/// every node. Names that resolve to variables are rewritten to identifiers holding the
/// qualified name, and namespaced calls lose their receiver, so the planner reads them directly.
struct CELChecker {
    private let ast: CELAST
    private let variables: [String: CELType]
    private let functions: [String: [CELOverload]]
    private let container: String
    private let locator: CELSourceLocator
    private var mapping = CELTypeMapping()
    private var types: [CELExprID: CELType] = [:]
    private var references: [CELExprID: CELReference] = [:]
    private var issues: [CELIssue] = []
    /// Comprehension variables, innermost scope last.
    private var scopes: [[String: CELType]] = []
    private var freshTypeVariables = 0
    /// How many nodes the checker has rewritten (`bind`, namespaced calls). A node none of whose
    /// descendants changed is returned as parsed, so the checked tree shares its nodes with the
    /// parsed one instead of copying them.
    private var rewrites = 0

    init(ast: CELAST, variables: [String: CELType], functions: [String: [CELOverload]], container: String) {
        self.ast = ast
        self.variables = variables
        self.functions = functions
        self.container = container
        self.locator = CELSourceLocator(ast.source)
    }

    mutating func check() -> Result<CELCheckedAST, CELCompileErrors> {
        do throws(CELCompileErrors) {
            return .success(try checked())
        } catch {
            return .failure(error)
        }
    }

    /// `check()` with its errors thrown: no `Result` is made, whose type the runtime would
    /// look up by name.
    mutating func checked() throws(CELCompileErrors) -> CELCheckedAST {
        let root = check(ast.root)
        guard issues.isEmpty else {
            throw CELCompileErrors(issues: issues.sorted { ($0.offset, $0.message) < ($1.offset, $1.message) })
        }
        let finalTypes = CELNodeTable(types.mapValues { mapping.substitute($0, freeToDyn: true) })
        var checkedAST = ast
        checkedAST.root = root
        // Anchors place compile errors, and the macro calls as written explain them; a checked
        // expression has none left, and its programs live as long as the rule set.
        checkedAST.anchors = [:]
        checkedAST.macroCalls = [:]
        return CELCheckedAST(ast: checkedAST, types: finalTypes, references: CELNodeTable(references))
    }

    /// The type of every node the checker could type, and its issues, whether or not there
    /// were any: an editor completes a half-written expression from its receiver's type.
    mutating func typesLeniently() -> (types: [CELExprID: CELType], issues: [CELIssue]) {
        _ = check(ast.root)
        return (types.mapValues { mapping.substitute($0, freeToDyn: true) }, issues)
    }

    // MARK: Nodes

    private mutating func check(_ expr: CELExpr) -> CELExpr {
        switch expr.kind {
        case .literal(let literal):
            types[expr.id] = Self.type(of: literal)
            return expr
        case .ident(let name):
            return checkName(name, expr)
        case .select(let operand, let field, let testOnly):
            if !testOnly, let name = expr.qualifiedName, !startsWithLocal(name), let resolved = resolveName(name) {
                return bind(resolved, written: name, expr)
            }
            return checkSelect(expr, operand: operand, field: field, testOnly: testOnly)
        case .call(let target, let function, let args):
            return checkCall(expr, target: target, function: function, args: args)
        case .list(let elements):
            let before = rewrites
            let checked = elements.map { check($0) }
            var elementType: CELType?
            for element in checked {
                elementType = join(elementType, types[element.id] ?? .dyn)
            }
            types[expr.id] = .list(elementType ?? freshTypeVariable())
            if rewrites == before { return expr }
            return CELExpr(id: expr.id, range: expr.range, kind: .list(elements: checked))
        case .map(let entries):
            let before = rewrites
            var keyType: CELType?
            var valueType: CELType?
            var checked: [CELMapEntry] = []
            for entry in entries {
                let key = check(entry.key)
                let value = check(entry.value)
                keyType = join(keyType, types[key.id] ?? .dyn)
                valueType = join(valueType, types[value.id] ?? .dyn)
                checked.append(CELMapEntry(id: entry.id, key: key, value: value))
            }
            types[expr.id] = .map(keyType ?? freshTypeVariable(), valueType ?? freshTypeVariable())
            if rewrites == before { return expr }
            return CELExpr(id: expr.id, range: expr.range, kind: .map(entries: checked))
        case .comprehension(let comprehension):
            return checkComprehension(expr, comprehension)
        }
    }

    private static func type(of literal: CELLiteral) -> CELType {
        switch literal {
        case .null: return .null
        case .bool: return .bool
        case .int: return .int
        case .uint: return .uint
        case .double: return .double
        case .string: return .string
        case .bytes: return .bytes
        }
    }

    // MARK: Names

    private enum Resolution {
        case variable(String, CELType)
        case typeName(String, CELType)
    }

    private func local(_ name: String) -> CELType? {
        for scope in scopes.reversed() {
            if let type = scope[name] { return type }
        }
        return nil
    }

    /// Whether the first segment of a dotted name is a comprehension variable, which shadows
    /// every global whose name starts the same way.
    private func startsWithLocal(_ name: String) -> Bool {
        guard !name.hasPrefix(".") else { return false }
        let first = name.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1).first.map { String(Substring($0)) } ?? name
        return local(first) != nil
    }

    /// Names to try for `name` in the container, most qualified first (langdef "Name
    /// Resolution"); a leading dot means the root scope only.
    private func candidates(_ name: String) -> [String] {
        if name.hasPrefix(".") { return [String(name.dropFirst())] }
        guard !container.isEmpty else { return [name] }
        var result: [String] = []
        var prefix = Substring(container)
        while true {
            result.append(prefix + "." + name)
            guard let dot = prefix.lastIndex(of: ".") else { break }
            prefix = prefix[..<dot]
        }
        result.append(name)
        return result
    }

    private func resolveName(_ name: String) -> Resolution? {
        for candidate in candidates(name) {
            if let type = variables[candidate] { return .variable(candidate, type) }
            if let type = CELType.named(candidate) { return .typeName(candidate, type) }
        }
        return nil
    }

    private mutating func checkName(_ name: String, _ expr: CELExpr) -> CELExpr {
        if !name.hasPrefix("."), let type = local(name) {
            types[expr.id] = type
            references[expr.id] = .variable(name)
            return expr
        }
        if let resolved = resolveName(name) {
            return bind(resolved, written: name, expr)
        }
        types[expr.id] = .error
        report(undeclared: name, at: expr.range)
        return expr
    }

    /// Records a resolved global and rewrites the node to an identifier with its qualified name
    /// (keeping a leading dot, which tells the planner to skip comprehension scopes).
    private mutating func bind(_ resolution: Resolution, written: String, _ expr: CELExpr) -> CELExpr {
        let qualified: String
        switch resolution {
        case .variable(let name, let type):
            qualified = name
            types[expr.id] = type
            references[expr.id] = .variable(name)
        case .typeName(let name, let type):
            qualified = name
            types[expr.id] = .type(type)
            references[expr.id] = .typeName(type)
        }
        let rewritten = written.hasPrefix(".") ? "." + qualified : qualified
        if case .ident(rewritten) = expr.kind { return expr }
        rewrites += 1
        return CELExpr(id: expr.id, range: expr.range, kind: .ident(rewritten))
    }

    private mutating func report(undeclared name: String, at range: CELSourceRange) {
        var message = "undeclared reference to '\(name)'"
        if !container.isEmpty { message += " (in container '\(container)')" }
        let known = Set(variables.keys).union(scopes.flatMap(\.keys))
        if let suggestion = CELNameSuggestion.closest(to: name, among: known) {
            message += "; did you mean '\(suggestion)'?"
        }
        issues.append(locator.issue(message, at: range))
    }

    // MARK: Selection

    private mutating func checkSelect(_ expr: CELExpr, operand: CELExpr, field: String, testOnly: Bool) -> CELExpr {
        let before = rewrites
        let checkedOperand = check(operand)
        let operandType = mapping.substitute(types[operand.id] ?? .dyn, freeToDyn: false)
        var resultType: CELType
        switch operandType {
        case .map(_, let value):
            resultType = value
        case .record(let record):
            if let fieldType = record.fieldType(field) {
                resultType = fieldType
            } else if record.isOpen {
                resultType = .dyn
            } else {
                var message = "no such field '\(field)'"
                if let suggestion = CELNameSuggestion.closest(to: field, among: record.fields.map(\.name)) {
                    message += "; did you mean '\(suggestion)'?"
                } else if record.fields.isEmpty {
                    message += " (\(record.name) has no fields)"
                } else {
                    message += " (\(record.name) has \(record.fields.map(\.name).joined(separator: ", ")))"
                }
                issues.append(locator.issue(message, at: ast.anchor(of: expr)))
                resultType = .error
            }
        case .opaque(CELOptionalSyntax.typeName, _):
            // Chaining: a field of an optional is optional.
            resultType = CELOptionalSyntax.type(Self.fieldType(of: operandType, field))
        case .typeParam:
            _ = mapping.isAssignable(.dyn, from: operandType)
            resultType = .dyn
        case .dyn, .error:
            resultType = .dyn
        default:
            issues.append(locator.issue("type '\(operandType)' does not support field selection", at: ast.anchor(of: expr)))
            resultType = .error
        }
        types[expr.id] = testOnly ? .bool : resultType
        if rewrites == before { return expr }
        return CELExpr(id: expr.id, range: expr.range,
                       kind: .select(operand: checkedOperand, field: field, testOnly: testOnly))
    }

    // MARK: Calls

    private func resolveFunction(_ name: String) -> (name: String, overloads: [CELOverload])? {
        for candidate in candidates(name) {
            if let overloads = functions[candidate] { return (candidate, overloads) }
        }
        return nil
    }

    private mutating func checkCall(_ expr: CELExpr, target: CELExpr?, function: String, args: [CELExpr]) -> CELExpr {
        let before = rewrites
        let checkedArgs = args.map { check($0) }
        if target == nil, function == CELOptionalSyntax.select, checkedArgs.count == 2,
           case .literal(.string(let field)) = checkedArgs[1].kind {
            let operandType = mapping.substitute(types[checkedArgs[0].id] ?? .dyn, freeToDyn: false)
            types[expr.id] = CELOptionalSyntax.type(Self.fieldType(of: operandType, field))
            if rewrites == before { return expr }
            return CELExpr(id: expr.id, range: expr.range, kind: .call(target: nil, function: function, args: checkedArgs))
        }
        // `a.b.f(x)` is the namespaced function `a.b.f` when one is declared.
        if let target, let prefix = target.qualifiedName, !startsWithLocal(prefix),
           let namespaced = resolveFunction(prefix + "." + function) {
            rewrites += 1
            let call = CELExpr(id: expr.id, range: expr.range,
                               kind: .call(target: nil, function: namespaced.name, args: checkedArgs))
            resolveOverload(call, namespaced.name, namespaced.overloads, target: nil, args: checkedArgs)
            return call
        }
        // `cel.bind(…)` with neither `cel.bind` nor a `bind` function: one issue for the whole
        // name rather than one for `cel` and one for `bind`.
        if let target, functions[function] == nil, let prefix = target.qualifiedName, !startsWithLocal(prefix),
           resolveName(prefix) == nil {
            types[expr.id] = .error
            report(undeclared: prefix + "." + function,
                   at: CELSourceRange(start: target.range.start, end: ast.anchor(of: expr).end))
            return expr
        }
        let checkedTarget = target.map { check($0) }
        let resolved = target == nil ? resolveFunction(function) : functions[function].map { (function, $0) }
        let resolvedName = resolved?.name ?? function
        if resolvedName != function { rewrites += 1 }
        let call = rewrites == before ? expr : CELExpr(id: expr.id, range: expr.range,
                           kind: .call(target: checkedTarget, function: resolvedName, args: checkedArgs))
        guard let (name, overloads) = resolved else {
            types[expr.id] = .error
            report(undeclared: function, at: ast.anchor(of: expr))
            return call
        }
        resolveOverload(call, name, overloads, target: checkedTarget, args: checkedArgs)
        if let issue = CELPatternCheck.issue(function: name, target: checkedTarget, args: checkedArgs,
                                             source: ast.source, locator: locator) {
            issues.append(issue)
        }
        return call
    }

    private mutating func resolveOverload(_ call: CELExpr, _ function: String, _ overloads: [CELOverload],
                                          target: CELExpr?, args: [CELExpr]) {
        let argumentTypes = ([target].compactMap { $0 } + args).map { types[$0.id] ?? .dyn }
        var resultType: CELType?
        var matching: [String] = []
        var firstMatch: [String] = []
        for overload in overloads where overload.isInstance == (target != nil) {
            guard overload.parameters.count == argumentTypes.count else { continue }
            let (parameters, result) = instantiate(overload)
            guard mapping.isAssignableList(argumentTypes, parameters) else { continue }
            if matching.isEmpty { firstMatch = overload.soleMatch }
            matching.append(overload.id)
            let overloadResult = mapping.substitute(result, freeToDyn: false)
            if let current = resultType {
                if current != .dyn && current != overloadResult { resultType = .dyn }
            } else {
                resultType = overloadResult
            }
        }
        guard let resultType else {
            types[call.id] = .error
            issues.append(locator.issue(noOverloadMessage(function, argumentTypes, hasTarget: target != nil),
                                        at: ast.anchor(of: call)))
            return
        }
        types[call.id] = resultType
        references[call.id] = .overloads(matching.count == 1 ? firstMatch : matching)
    }

    /// The overload's signature with its type parameters renamed to fresh type variables.
    private mutating func instantiate(_ overload: CELOverload) -> ([CELType], CELType) {
        guard !overload.typeParameters.isEmpty else { return (overload.parameters, overload.result) }
        var renaming: [String: CELType] = [:]
        for name in overload.typeParameters { renaming[name] = freshTypeVariable() }
        func rename(_ type: CELType) -> CELType {
            if case .typeParam(let name) = type { return renaming[name] ?? type }
            let parameters = type.parameters
            return parameters.isEmpty ? type : type.withParameters(parameters.map(rename))
        }
        return (overload.parameters.map(rename), rename(overload.result))
    }

    private mutating func freshTypeVariable() -> CELType {
        freshTypeVariables += 1
        return .typeParam("_var\(freshTypeVariables)")
    }

    private func noOverloadMessage(_ function: String, _ argumentTypes: [CELType], hasTarget: Bool) -> String {
        let shown = argumentTypes.map { mapping.substitute($0, freeToDyn: true) }
        if function == CELOptionalSyntax.element || function == CELOptionalSyntax.entry, let found = shown.first {
            return "a value marked with '?' must be optional (such as m[?k] or optional.of(x)), but this is \(found)"
        }
        let signature: String
        if hasTarget, let receiver = shown.first {
            signature = "\(receiver).(\(shown.dropFirst().map(\.description).joined(separator: ", ")))"
        } else {
            signature = "(\(shown.map(\.description).joined(separator: ", ")))"
        }
        var message = "no matching overload for '\(Self.displayName(function))' applied to \(signature)"
        let numeric: Set<CELType> = [.int, .uint, .double]
        if Self.arithmetic.contains(function), Set(shown).count > 1, Set(shown).isSubset(of: numeric) {
            message += "; CEL does not mix int, uint and double in arithmetic, convert one side"
                + " with int(), uint() or double()"
        }
        return message
    }

    /// The type of `field` of a value of `type`, for `a.?f` and chaining through optionals: a
    /// map's value type, a record's field type, otherwise `dyn`.
    private static func fieldType(of type: CELType, _ field: String) -> CELType {
        switch type {
        case .map(_, let value): return value
        case .record(let record): return record.fieldType(field) ?? .dyn
        case .opaque(CELOptionalSyntax.typeName, let parameters): return fieldType(of: parameters.first ?? .dyn, field)
        default: return .dyn
        }
    }

    private static let arithmetic: Set<String> = ["_+_", "_-_", "_*_", "_/_", "_%_"]

    /// `*` for `_*_`, `in` for `@in`, `[]` for `_[_]`; other names unchanged.
    private static func displayName(_ function: String) -> String {
        switch function {
        case "@in": return "in"
        case "_[_]": return "[]"
        case "_?_:_": return "?:"
        case "!_": return "!"
        case "-_": return "-"
        default:
            if function.hasPrefix("_"), function.hasSuffix("_"), function.count > 2 {
                return String(function.dropFirst().dropLast())
            }
            return function
        }
    }

    // MARK: Aggregates and comprehensions

    /// The element type of an aggregate literal so far (cel-go's `joinTypes`); mixed element
    /// types make `dyn`, as cel-go does without homogeneous-literal checking.
    private mutating func join(_ previous: CELType?, _ current: CELType) -> CELType {
        guard let previous else { return current }
        if mapping.isAssignable(previous, from: current) { return CELTypeMapping.mostGeneral(previous, current) }
        return .dyn
    }

    private mutating func checkComprehension(_ expr: CELExpr, _ comprehension: CELComprehension) -> CELExpr {
        let before = rewrites
        let range = check(comprehension.iterRange)
        let initial = check(comprehension.accuInit)
        let rangeType = mapping.substitute(types[range.id] ?? .dyn, freeToDyn: false)
        let accumulatorType = types[initial.id] ?? .dyn
        var first: CELType
        var second: CELType = .dyn
        let twoVariables = comprehension.iterVar2 != nil
        switch rangeType {
        case .list(let element):
            first = twoVariables ? .int : element
            second = element
        case .map(let key, let value):
            first = key
            second = value
        case .dyn, .error, .typeParam:
            _ = mapping.isAssignable(.dyn, from: rangeType)
            first = .dyn
        default:
            issues.append(locator.issue(
                "expression of type '\(rangeType)' cannot be the range of a comprehension (must be list, map, or dynamic)",
                at: ast.anchor(of: comprehension.iterRange)))
            first = .error
            second = .error
        }
        scopes.append([comprehension.accuVar: accumulatorType])
        var loopScope = [comprehension.iterVar: first]
        if let name = comprehension.iterVar2 { loopScope[name] = second }
        scopes.append(loopScope)
        let condition = check(comprehension.loopCondition)
        expect(condition, .bool)
        let issuesBeforeStep = issues.count
        let step = check(comprehension.loopStep)
        expect(step, accumulatorType)
        explainNonBoolPredicate(of: expr, issuesBefore: issuesBeforeStep)
        scopes.removeLast()
        let result = check(comprehension.result)
        scopes.removeLast()
        types[expr.id] = mapping.substitute(types[result.id] ?? .dyn, freeToDyn: false)
        if rewrites == before { return expr }
        var checked = comprehension
        checked.iterRange = range
        checked.accuInit = initial
        checked.loopCondition = condition
        checked.loopStep = step
        checked.result = result
        return CELExpr(id: expr.id, range: expr.range, kind: .comprehension(checked))
    }

    /// A macro predicate that is not bool makes the generated step fail with an overload error
    /// about `_||_` or `_?_:_`, which the author never wrote; say what is wrong instead.
    private mutating func explainNonBoolPredicate(of expr: CELExpr, issuesBefore: Int) {
        guard let call = ast.macroCalls[expr.id], case .call(_, let function, let args) = call.kind else { return }
        let predicateIndex: Int
        switch (function, args.count) {
        case ("all", 2), ("exists", 2), ("exists_one", 2), ("filter", 2), ("map", 3): predicateIndex = 1
        case ("all", 3), ("exists", 3), ("existsOne", 3), ("exists_one", 3),
             ("transformList", 4), ("transformMap", 4): predicateIndex = 2
        default: return
        }
        let predicate = args[predicateIndex]
        let predicateType = mapping.substitute(types[predicate.id] ?? .dyn, freeToDyn: true)
        var trial = mapping
        guard !trial.isAssignable(.bool, from: predicateType), issues.count > issuesBefore else { return }
        let callRange = locator.issue("", at: expr.range)
        let isGenerated = { (issue: CELIssue) in issue.offset == callRange.offset && issue.length == callRange.length }
        guard issues[issuesBefore...].contains(where: isGenerated) else { return }
        let kept = issues[issuesBefore...].filter { !isGenerated($0) }
        issues.removeSubrange(issuesBefore...)
        issues.append(contentsOf: kept)
        issues.append(locator.issue("the condition of '\(function)' must be bool, but this is \(predicateType)",
                                    at: predicate.range))
    }

    private mutating func expect(_ expr: CELExpr, _ type: CELType) {
        let found = types[expr.id] ?? .dyn
        guard !mapping.isAssignable(type, from: found) else { return }
        let expected = mapping.substitute(type, freeToDyn: true)
        let actual = mapping.substitute(found, freeToDyn: true)
        issues.append(locator.issue("expected type '\(expected)' but found '\(actual)'", at: ast.anchor(of: expr)))
    }
}
