import CEL

/// What one compiled expression reads, derived from its checked AST: which fact variables and which
/// metrics. The replay re-evaluates an expression only at checkpoints where one of them can have
/// changed; when the AST is not available every input is assumed.
struct ExpressionInputs: Sendable, Hashable {
    var variables: Set<FactVariable>
    /// Metrics read as `metrics.NAME`.
    var metrics: Set<String>
    /// True when `metrics` is read other than by a field (e.g. `metrics["a"]`): every metric.
    var readsEveryMetric: Bool
    /// Achievements read as `achievements.ID`.
    var achievements: Set<String> = []
    /// True when `achievements` is read other than by a field: every award.
    var readsEveryAchievement = false

    static let everything: ExpressionInputs = {
        var inputs = ExpressionInputs(variables: Set(FactVariable.allCases), metrics: [], readsEveryMetric: true)
        inputs.readsEveryAchievement = true
        return inputs
    }()

    init(variables: Set<FactVariable>, metrics: Set<String>, readsEveryMetric: Bool) {
        self.variables = variables
        self.metrics = metrics
        self.readsEveryMetric = readsEveryMetric
    }

    init(_ program: CELProgram) {
        guard let checked = program.checked else {
            self = .everything
            return
        }
        var inputs = ExpressionInputs(variables: [], metrics: [], readsEveryMetric: false)
        inputs.collect(checked.ast.root, references: checked.references, bound: [])
        self = inputs
    }

    /// The name an identifier or select node resolves to as a variable, if the checker says so.
    private static func resolvedName(_ id: CELExprID, references: [CELExprID: CELReference]) -> String? {
        if case .variable(let name)? = references[id] { return name }
        return nil
    }

    private mutating func note(qualifiedName name: String) {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard let root = parts.first, let variable = FactVariable(rawValue: root) else { return }
        variables.insert(variable)
        let field = parts.count == 2 ? String(parts[1].split(separator: ".").first ?? "") : nil
        switch variable {
        case .metrics:
            if let field { metrics.insert(field) } else { readsEveryMetric = true }
        case .achievements:
            if let field { achievements.insert(field) } else { readsEveryAchievement = true }
        default:
            break
        }
    }

    private mutating func collect(_ expr: CELExpr, references: [CELExprID: CELReference], bound: Set<String>) {
        switch expr.kind {
        case .literal:
            return
        case .ident(let name):
            if bound.contains(name) { return }
            note(qualifiedName: Self.resolvedName(expr.id, references: references) ?? name)
        case .select(let operand, let field, _):
            if let name = Self.resolvedName(expr.id, references: references), !bound.contains(rootName(name)) {
                note(qualifiedName: name)
                return
            }
            if case .ident(let root) = operand.kind, !bound.contains(root),
               root == FactVariable.metrics.rawValue || root == FactVariable.achievements.rawValue,
               Self.resolvedName(operand.id, references: references).map({ $0 == root }) ?? true {
                note(qualifiedName: root + "." + field)
                return
            }
            collect(operand, references: references, bound: bound)
        case .call(let target, _, let args):
            if let target { collect(target, references: references, bound: bound) }
            for arg in args { collect(arg, references: references, bound: bound) }
        case .list(let elements):
            for element in elements { collect(element, references: references, bound: bound) }
        case .map(let entries):
            for entry in entries {
                collect(entry.key, references: references, bound: bound)
                collect(entry.value, references: references, bound: bound)
            }
        case .comprehension(let c):
            collect(c.iterRange, references: references, bound: bound)
            collect(c.accuInit, references: references, bound: bound)
            var inner = bound
            inner.insert(c.iterVar)
            if let second = c.iterVar2 { inner.insert(second) }
            inner.insert(c.accuVar)
            collect(c.loopCondition, references: references, bound: inner)
            collect(c.loopStep, references: references, bound: inner)
            var resultScope = bound
            resultScope.insert(c.accuVar)
            collect(c.result, references: references, bound: resultScope)
        }
    }

    private func rootName(_ name: String) -> String {
        String(name.split(separator: ".", maxSplits: 1).first ?? "")
    }
}
