import CEL
import RuleModel

/// A condition of the form `COUNT >= N` or `COUNT > N` (N a number literal), where COUNT is a
/// count that only grows as events arrive — `size(events)`, `size(F)` / `F.size()` of a tabulated
/// `filter`/`map` F, or a metric that is exactly one of those — and the condition reads nothing
/// else. Such a condition is false, then true from one event count on, until the count fails (a
/// body that errors on some event); so it needs evaluating only at those two event counts instead
/// of at every change of the count.
struct CountThreshold: Sendable {
    let fold: Int
    private let threshold: CELThreshold

    /// Recognizes the shape in a planned condition, or `nil`.
    init?(_ plan: PlannedExpression, folds: [EventFold], metricPlans: [String: PlannedExpression]) {
        guard plan.inputs.variables.isSubset(of: [.metrics]), !plan.inputs.readsEveryAchievement,
              plan.inputs.achievements.isEmpty, let root = plan.program.checked?.ast.root,
              let threshold = CELThreshold(root) else { return nil }
        // The condition reads nothing but the count: one fold directly, or one metric that is one.
        if plan.inputs.variables.isEmpty {
            guard plan.folds.count == 1 else { return nil }
        } else {
            guard !plan.inputs.readsEveryMetric, plan.folds.isEmpty, plan.inputs.metrics.count == 1 else { return nil }
        }
        self.init(threshold, folds: folds, metricPlans: metricPlans)
    }

    /// The first operand a condition `T && …` evaluates, when it is a count threshold T
    /// (`CELThreshold.leadingConjunct`). While T is false the whole condition is false having
    /// evaluated T alone: it needs no evaluation before T's first change point (where T becomes
    /// true or its count fails).
    static func leadingConjunct(of plan: PlannedExpression, folds: [EventFold],
                                metricPlans: [String: PlannedExpression]) -> CountThreshold? {
        guard let root = plan.program.checked?.ast.root, let leading = CELThreshold.leadingConjunct(of: root) else { return nil }
        return CountThreshold(leading, folds: folds, metricPlans: metricPlans)
    }

    /// COUNT a counted fold or `metrics.NAME` of a metric that is one.
    private init?(_ threshold: CELThreshold, folds: [EventFold], metricPlans: [String: PlannedExpression]) {
        var counted: Int?
        if case .select(let operand, let name, false) = threshold.operand.kind,
           case .ident(FactVariable.metrics.rawValue) = operand.kind {
            if let metric = metricPlans[name], metric.inputs.variables.isEmpty, metric.folds.count == 1,
               let metricRoot = metric.program.checked?.ast.root {
                counted = Self.countedFold(metricRoot, folds: folds)
            }
        } else {
            counted = Self.countedFold(threshold.operand, folds: folds)
        }
        guard let counted else { return nil }
        fold = counted
        self.threshold = threshold
    }

    /// The fold whose count the expression is: `@fold` of `size(events)`, or `size(@fold)` /
    /// `@fold.size()` of a list fold.
    private static func countedFold(_ expr: CELExpr, folds: [EventFold]) -> Int? {
        func fold(named e: CELExpr) -> Int? {
            guard case .ident(let name) = e.kind else { return nil }
            return folds.firstIndex { $0.variable == name }
        }
        if let k = fold(named: expr), case .count = folds[k].shape { return k }
        guard let (function, operand) = expr.singleOperandCall, function == "size",
              let k = fold(named: operand), folds[k].shape.producesList else { return nil }
        return k
    }

    func holds(count: Int) -> Bool {
        threshold.holds(for: Int64(count))
    }

    /// The event counts at which the condition can change: where it becomes true, and where the
    /// count fails. `foldPoints` are the change points of `fold` (`EventFoldValues.changePoints`).
    func changePoints(_ values: EventFoldValues, foldPoints: [Int]) -> [Int] {
        // The count never decreases before it fails, and once failed stays failed; a threshold on
        // it, once true, stays true: both points are found by halving, not by reading the count
        // at every point (ten thousand events asked each threshold ten thousand times).
        let failed = Self.firstIndex(below: foldPoints.count) { values.count(fold, events: foldPoints[$0]) == nil }
        let holding = Self.firstIndex(below: failed) { index in
            values.count(fold, events: foldPoints[index]).map { holds(count: $0) } ?? false
        }
        var points: [Int] = []
        if holding < failed { points.append(foldPoints[holding]) }
        if failed < foldPoints.count { points.append(foldPoints[failed]) }
        return points
    }

    /// The first index in `0..<end` where `test` holds, `test` being false up to some index and
    /// true from there on; `end` when it never holds.
    private static func firstIndex(below end: Int, where test: (Int) -> Bool) -> Int {
        var low = 0
        var high = end
        while low < high {
            let middle = low + (high - low) / 2
            if test(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
