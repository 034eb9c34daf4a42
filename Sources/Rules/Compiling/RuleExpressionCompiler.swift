import CEL
import Diagnostics
import RuleModel
import YAMLSource

/// Compiles the CEL expressions of a rule set against the facts (docs/facts.md) and reports every
/// problem at its position inside the YAML file.
struct RuleExpressionCompiler {
    /// What the value of an expression must be.
    enum Expectation {
        case bool, number
    }

    let names: RuleNames
    /// The tracking plan's checks; `nil` for a rule set without `events`.
    let planCheck: ConditionPlanCheck?
    private let records: EventRecordTypes
    /// The environment of each scope, at the position `Self.position(of:)` gives: an array, where a
    /// dictionary keyed by scope would have the runtime look up the key's `Hashable` conformance.
    private var environments: [CELEnvironment] = []
    private(set) var metricTypes: [(name: String, type: CELType)] = []
    /// The rule set's expressions share their identifier and literal nodes' kinds (a thousand
    /// conditions over `events` hold one `events`).
    private let leafKinds = CELLeafKinds()

    init(names: RuleNames, eventPlan: EventPlan? = nil) {
        self.names = names
        let records = eventPlan == nil ? EventRecordTypes.open : EventRecordTypes(plan: eventPlan)
        self.records = records
        planCheck = eventPlan.map { ConditionPlanCheck(plan: $0, records: records) }
        rebuildEnvironments()
    }

    /// Makes a compiled metric visible, with its inferred type, to everything compiled after it.
    /// Only the type of the `metrics` variable changes, so each environment redeclares it in
    /// place rather than being built again.
    mutating func declareMetric(_ name: String, type: CELType) {
        metricTypes.append((name, type))
        // Only `metrics` changes: the other variables stay declared as they are.
        let metrics = FactVariable.metrics.type(metrics: FactTypes.metricsRecord(metricTypes), records: records)
        for position in environments.indices {
            environments[position].declare(variable: FactVariable.metrics.rawValue, type: metrics)
        }
    }

    private mutating func rebuildEnvironments() {
        let record = FactTypes.metricsRecord(metricTypes)
        environments = [FactTypes.Scope.rule, .streakCounts, .streakDay].map { scope in
            FactTypes.environment(scope: scope, metrics: record, records: records)
        }
    }

    /// Where `scope`'s environment is in `environments`: the order `rebuildEnvironments` makes them in.
    private static func position(of scope: FactTypes.Scope) -> Int {
        switch scope {
        case .rule: 0
        case .streakCounts: 1
        case .streakDay: 2
        }
    }

    /// The compiled expression, or `nil` with the diagnostics that explain why.
    func compile(_ draft: ExpressionDraft, scope: FactTypes.Scope, expecting: Expectation?)
        -> (expression: RuleExpression?, diagnostics: [Diagnostic]) {
        let position = Self.position(of: scope)
        guard environments.indices.contains(position) else { return (nil, []) }
        let environment = environments[position]
        let program: CELProgram
        do throws(CELCompileErrors) {
            program = try environment.compiled(draft.source, leafKinds: leafKinds)
        } catch {
            let errors = error
            var diagnostics = errors.issues.map { issue in
                Diagnostic.error(RuleCode.celError, "\(issue.message) (in \(draft.field))",
                                 at: Self.span(of: draft, offset: issue.offset, length: issue.length),
                                 fix: Self.scopeHint(for: issue, scope: scope))
            }
            if diagnostics.isEmpty {
                diagnostics = [.error(RuleCode.celError, "\(draft.field) is not a valid CEL expression",
                                      at: draft.span)]
            }
            // Unknown names are still worth naming when the checker failed on something else.
            if case .success(let parsed) = environment.parse(draft.source) {
                diagnostics += unknownNames(in: parsed.root, references: [:], draft: draft)
            }
            return (nil, diagnostics)
        }
        var diagnostics = program.checked.map { unknownNames(in: $0.ast.root, references: $0.references, draft: draft) } ?? []
        if let planCheck, let checked = program.checked {
            diagnostics += planCheck.findings(in: checked).map { Self.diagnostic($0, draft: draft) }
        }
        if let expecting, let problem = Self.typeProblem(program.resultType, expecting: expecting) {
            let code = expecting == .bool ? RuleCode.notBool : RuleCode.notNumber
            diagnostics.append(.error(code, "\(draft.field) must be \(problem.wanted), but this expression is \(problem.found)",
                                      at: draft.span,
                                      fix: expecting == .bool ? "compare the value, e.g. metrics.x >= 10" : nil))
        }
        let places = draft.scalarMap.map { map in
            ExpressionPlaces(runs: map.runs.map { ExpressionPlaces.Run(offset: $0.offset, start: $0.start, length: $0.length) })
        }
        let expression = RuleExpression(source: draft.source, span: draft.span, program: program, places: places)
        return (diagnostics.contains { $0.severity == .error } ? nil : expression, diagnostics)
    }

    /// docs/rules.md, "achievements[]": `X >= N` / `X > N` with N a number literal measures X against N.
    /// X is planned from the checked `when` (its sub-tree, types and references), not compiled again.
    func derivedProgress(of when: RuleExpression, draft: ExpressionDraft) -> AchievementRule.Progress {
        guard let checked = when.program.checked, let threshold = CELThreshold(checked.ast.root) else { return .binary }
        let target: Double, isInt: Bool
        switch threshold.bound {
        case .int(let n): (target, isInt) = (Double(n), true)
        case .uint(let n): (target, isInt) = (Double(n), true)
        case .double(let d): (target, isInt) = (d, false)
        default: return .binary
        }
        let operand = checked.subexpression(threshold.operand)
        guard !operand.ast.source.isEmpty else { return .binary }
        let program = CELProgram(checked: operand)
        let range = threshold.operand.range
        let current = RuleExpression(source: operand.ast.source,
                                     span: Self.span(of: draft, offset: range.start, length: range.end - range.start),
                                     program: program)
        let bump = threshold.isStrict && isInt ? 1.0 : 0.0
        return .derived(current: current, target: target + bump, targetIsInt: isInt)
    }

    // MARK: positions

    /// The file span of `length` scalars at `offset` inside the expression; the scalar's own
    /// span when the YAML loader could not trace the offset.
    static func span(of draft: ExpressionDraft, offset: Int, length: Int) -> SourceSpan {
        span(in: draft.span, mappedBy: draft.scalarMap, offset: offset, length: length)
    }

    /// The same, for a scalar written at `scalar` whose offsets `map` traces.
    static func span(in scalar: SourceSpan, mappedBy map: ScalarPositionMap?, offset: Int, length: Int) -> SourceSpan {
        guard let map, let start = map.position(ofOffset: offset) else { return scalar }
        var end = map.position(ofOffset: offset + max(length, 1))
        if end == nil || end.map({ $0.line != start.line }) == true {
            end = SourcePosition(line: start.line, column: start.column + max(length, 1))
        }
        return SourceSpan(file: scalar.file, start: start, end: end ?? start)
    }

    // MARK: names

    /// `metrics.x`, `streaks.x`, `streaks["x"]`, `achievements.x`, `catalogs.x`, `levels.x` with a
    /// name the rule set does not define.
    private func unknownNames(in root: CELExpr, references: CELNodeTable<CELReference>,
                              draft: ExpressionDraft) -> [Diagnostic] {
        var uses: [NameUse] = []
        Self.collectNameUses(root, into: &uses)
        guard !uses.isEmpty else { return [] }
        var found: [Diagnostic] = []
        let source = Array(draft.source.unicodeScalars)
        for use in uses {
            guard let known = names.known(in: use.variable), !known.contains(use.name) else { continue }
            // A comprehension variable of the same name shadows the fact.
            if let reference = references[use.variableID], reference != .variable(use.variable) { continue }
            let range = use.isIndex ? use.range : (Self.locate(use.name, in: source, after: use.range.start) ?? use.range)
            let suggestion = Suggestion.closest(to: use.name, in: known.sorted)
            found.append(.error(known.code,
                                "unknown \(known.kind) '\(use.name)'\(suggestion.map { "; did you mean '\($0)'?" } ?? "")",
                                at: Self.span(of: draft, offset: range.start, length: range.end - range.start),
                                fix: suggestion.map { "write \(use.variable).\($0)" }))
        }
        return found
    }

    /// `variable.name` or `variable["name"]` where `variable` is an identifier.
    private struct NameUse {
        var variable: String
        var variableID: CELExprID
        var name: String
        /// For a selection: from the end of the variable; for an index: the string literal.
        var range: CELSourceRange
        var isIndex: Bool
    }

    private static func collectNameUses(_ root: CELExpr, into uses: inout [NameUse]) {
        root.walk { node, _ in
            switch node.kind {
            case .select(let operand, let field, _):
                guard case .ident(let variable) = operand.kind else { return .descend }
                uses.append(NameUse(variable: variable, variableID: operand.id, name: field,
                                    range: CELSourceRange(start: operand.range.end, end: node.range.end), isIndex: false))
                return .skipChildren
            case .call(nil, "_[_]", let args) where args.count == 2:
                guard case .ident(let variable) = args[0].kind, case .literal(.string(let key)) = args[1].kind else {
                    return .descend
                }
                uses.append(NameUse(variable: variable, variableID: args[0].id, name: key, range: args[1].range, isIndex: true))
                return .skipChildren
            default:
                return .descend
            }
        }
    }

    /// The range of `word` in `source` at or after `offset`.
    private static func locate(_ word: String, in source: [Unicode.Scalar], after offset: Int) -> CELSourceRange? {
        let target = Array(word.unicodeScalars)
        guard !target.isEmpty, offset >= 0 else { return nil }
        var i = offset
        while i + target.count <= source.count {
            if Array(source[i..<(i + target.count)]) == target { return CELSourceRange(start: i, end: i + target.count) }
            i += 1
        }
        return nil
    }

    // MARK: types

    private static func typeProblem(_ type: CELType, expecting: Expectation) -> (wanted: String, found: String)? {
        switch (expecting, type) {
        case (_, .dyn), (_, .error), (_, .typeParam): return nil
        case (.bool, .bool): return nil
        case (.number, .int), (.number, .uint), (.number, .double): return nil
        case (.bool, _): return ("a condition (bool)", "of type \(typeName(type))")
        case (.number, _): return ("a number", "of type \(typeName(type))")
        }
    }

    static func typeName(_ type: CELType) -> String {
        switch type {
        case .dyn: "dyn"
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .uint: "uint"
        case .double: "double"
        case .string: "string"
        case .bytes: "bytes"
        case .timestamp: "timestamp"
        case .duration: "duration"
        case .error: "error"
        case .list(let element): "list(\(typeName(element)))"
        case .map(let key, let value): "map(\(typeName(key)), \(typeName(value)))"
        case .type(let inner): "type(\(typeName(inner)))"
        case .typeParam(let name): name
        case .opaque(let name, let params): params.isEmpty ? name : "\(name)(\(params.map(typeName).joined(separator: ", ")))"
        case .record(let record): record.name.split(separator: ".").last.map(String.init)?.lowercased() ?? record.name
        }
    }

    /// `event` and `day` exist only in a streak's `counts` / `day`: say so when they are missing.
    private static func scopeHint(for issue: CELIssue, scope: FactTypes.Scope) -> String? {
        let message = issue.message
        if scope != .streakCounts, message.contains("'event'") {
            return "'event' exists only in a streak's 'counts'; use 'events' (all events) here"
        }
        if scope != .streakDay, message.contains("'day'") {
            return "'day' exists only in a streak's 'day'; use 'today' or 'days' here"
        }
        return nil
    }
}
