import CEL

/// A condition of the form `COUNT >= N` or `COUNT > N` (N a number literal), where COUNT is a
/// count that only grows as events arrive — `size(events)`, `size(F)` / `F.size()` of a tabulated
/// `filter`/`map` F, or a metric that is exactly one of those — and the condition reads nothing
/// else. Such a condition is false, then true from one event count on, until the count fails (a
/// body that errors on some event); so it needs evaluating only at those two event counts instead
/// of at every change of the count.
struct CountThreshold: Sendable {
    let fold: Int
    private let bound: CELLiteral
    private let strict: Bool

    /// Recognizes the shape in a planned condition, or `nil`.
    init?(_ plan: PlannedExpression, folds: [EventFold], metricPlans: [String: PlannedExpression]) {
        guard plan.inputs.variables.isSubset(of: [.metrics]), !plan.inputs.readsEveryAchievement,
              plan.inputs.achievements.isEmpty, let root = plan.program.checked?.ast.root else { return nil }
        // The condition reads nothing but the count: one fold directly, or one metric that is one.
        if plan.inputs.variables.isEmpty {
            guard plan.folds.count == 1 else { return nil }
        } else {
            guard !plan.inputs.readsEveryMetric, plan.folds.isEmpty, plan.inputs.metrics.count == 1 else { return nil }
        }
        self.init(comparison: root, folds: folds, metricPlans: metricPlans)
    }

    /// The first operand a condition `T && …` evaluates (the leftmost leaf of its `&&`s), when it
    /// is a count threshold T. `&&` stops at a false left operand, so while T is false the whole
    /// condition is false having evaluated T alone: it needs no evaluation before T's first
    /// change point (where T becomes true or its count fails).
    static func leadingConjunct(of plan: PlannedExpression, folds: [EventFold],
                                metricPlans: [String: PlannedExpression]) -> CountThreshold? {
        guard var leftmost = plan.program.checked?.ast.root, case .call(nil, "_&&_", _) = leftmost.kind else { return nil }
        while case .call(nil, "_&&_", let args) = leftmost.kind, args.count == 2 { leftmost = args[0] }
        return CountThreshold(comparison: leftmost, folds: folds, metricPlans: metricPlans)
    }

    /// `COUNT >= N` or `COUNT > N`, COUNT a counted fold or `metrics.NAME` of a metric that is one.
    private init?(comparison: CELExpr, folds: [EventFold], metricPlans: [String: PlannedExpression]) {
        guard case .call(nil, let function, let args) = comparison.kind, function == "_>=_" || function == "_>_",
              args.count == 2, case .literal(let bound) = args[1].kind else { return nil }
        switch bound {
        case .int, .uint, .double: break
        default: return nil
        }
        var counted: Int?
        if case .select(let operand, let name, false) = args[0].kind, case .ident("metrics") = operand.kind {
            if let metric = metricPlans[name], metric.inputs.variables.isEmpty, metric.folds.count == 1,
               let metricRoot = metric.program.checked?.ast.root {
                counted = Self.countedFold(metricRoot, folds: folds)
            }
        } else {
            counted = Self.countedFold(args[0], folds: folds)
        }
        guard let counted else { return nil }
        fold = counted
        self.bound = bound
        strict = function == "_>_"
    }

    /// The fold whose count the expression is: `@fold` of `size(events)`, or `size(@fold)` /
    /// `@fold.size()` of a list fold.
    private static func countedFold(_ expr: CELExpr, folds: [EventFold]) -> Int? {
        func fold(named e: CELExpr) -> Int? {
            guard case .ident(let name) = e.kind else { return nil }
            return folds.firstIndex { $0.variable == name }
        }
        if let k = fold(named: expr), case .count = folds[k].shape { return k }
        guard case .call(let target, "size", let args) = expr.kind else { return nil }
        let operand: CELExpr? = target == nil ? (args.count == 1 ? args[0] : nil) : (args.isEmpty ? target : nil)
        guard let operand, let k = fold(named: operand), folds[k].shape.producesList else { return nil }
        return k
    }

    func holds(count: Int) -> Bool {
        switch bound {
        case .int(let n): strict ? Int64(count) > n : Int64(count) >= n
        case .uint(let n): count >= 0 && (strict ? UInt64(count) > n : UInt64(count) >= n)
        case .double(let d): strict ? Double(count) > d : Double(count) >= d
        default: false
        }
    }

    /// The event counts at which the condition can change: where it becomes true, and where the
    /// count fails. `foldPoints` are the change points of `fold` (`EventFoldValues.changePoints`).
    func changePoints(_ values: EventFoldValues, foldPoints: [Int]) -> [Int] {
        var points: [Int] = []
        var becameTrue = false
        for n in foldPoints {
            guard let count = values.count(fold, events: n) else {
                points.append(n)
                break
            }
            if !becameTrue, holds(count: count) {
                becameTrue = true
                points.append(n)
            }
        }
        return points
    }
}
