import CEL
import RuleModel

/// A condition of the form `VALUE >= N` or `VALUE > N` (N a number literal), where VALUE is one
/// tabulated fold — a count that only grows as events arrive (`size(events)`, `size(F)` /
/// `F.size()` of a tabulated `filter`/`map` F), a `sum()`, `min()` or `max()` of one, or a best
/// day (`DailyFold`) — or a metric that is exactly one of those, or a sum of counts (`A + B`,
/// metrics of counts included: it grows as they do), and the condition reads nothing else. Its value changes only where the comparison's outcome does, not at every change of the
/// fold: a count threshold is false, then true from one event count on, until the count fails (a
/// body that errors on some event), so it needs evaluating at those two event counts alone; for
/// the other folds the outcome is read from the fold's table at each of its change points.
struct FoldThreshold: Sendable {
    /// The folds VALUE reads: one, or the counts it sums (a fold may repeat, as in `A + A`).
    let folds: [Int]
    private let threshold: CELThreshold
    /// Whether VALUE is a count or a sum of counts (the comparison then flips at most once
    /// before a failure).
    private let isCount: Bool

    /// Recognizes the shape in a planned condition, or `nil`.
    init?(_ plan: PlannedExpression, folds: [EventFold], metricPlans: [String: PlannedExpression]) {
        guard plan.inputs.variables.isSubset(of: [.metrics]), !plan.inputs.readsEveryAchievement,
              plan.inputs.achievements.isEmpty, let root = plan.program.checked?.ast.root,
              let threshold = CELThreshold(root) else { return nil }
        // The condition reads nothing but the value: a fold directly (the whole operand, so any
        // other fold planned is one of its sources), or one metric that is one.
        if !plan.inputs.variables.isEmpty {
            guard !plan.inputs.readsEveryMetric, plan.folds.isEmpty, plan.inputs.metrics.count == 1 else { return nil }
        }
        self.init(threshold, folds: folds, metricPlans: metricPlans)
    }

    /// The first operand a condition `T && …` evaluates, when it is a count threshold T
    /// (`CELThreshold.leadingConjunct`). While T is false the whole condition is false having
    /// evaluated T alone: it needs no evaluation before T's first change point (where T becomes
    /// true or its count fails).
    static func leadingConjunct(of plan: PlannedExpression, folds: [EventFold],
                                metricPlans: [String: PlannedExpression]) -> FoldThreshold? {
        guard let root = plan.program.checked?.ast.root, let leading = CELThreshold.leadingConjunct(of: root) else { return nil }
        // Only a count is false until one point: other folds may make the threshold true, then false.
        guard let threshold = FoldThreshold(leading, folds: folds, metricPlans: metricPlans), threshold.isCount else { return nil }
        return threshold
    }

    /// VALUE a fold, a sum of counts, or `metrics.NAME` of a metric that is one of those.
    private init?(_ threshold: CELThreshold, folds: [EventFold], metricPlans: [String: PlannedExpression]) {
        guard let terms = Self.terms(threshold.operand, folds: folds, metricPlans: metricPlans, depth: 0) else { return nil }
        // A sum is kept only of counts: other folds may fall, and their sum with them.
        guard terms.count == 1 || terms.allSatisfy(\.isCount) else { return nil }
        self.folds = terms.map(\.fold)
        isCount = terms.allSatisfy(\.isCount)
        self.threshold = threshold
    }

    /// The folds an operand adds up: a fold's value, `A + B` of such operands, or a metric that
    /// is one (a metric may name other metrics; `depth` bounds the chain).
    private static func terms(_ expr: CELExpr, folds: [EventFold], metricPlans: [String: PlannedExpression],
                              depth: Int) -> [(fold: Int, isCount: Bool)]? {
        guard depth < 8 else { return nil }
        if case .call(nil, "_+_", let args) = expr.kind, args.count == 2,
           let left = terms(args[0], folds: folds, metricPlans: metricPlans, depth: depth + 1),
           let right = terms(args[1], folds: folds, metricPlans: metricPlans, depth: depth + 1) {
            return left + right
        }
        guard case .select(let operand, let name, false) = expr.kind,
              case .ident(FactVariable.metrics.rawValue) = operand.kind else {
            return foldValue(expr, folds: folds).map { [$0] }
        }
        guard let metric = metricPlans[name], let metricRoot = metric.program.checked?.ast.root else { return nil }
        if metric.inputs.variables.isEmpty, !metric.folds.isEmpty {
            return foldValue(metricRoot, folds: folds).map { [$0] }
        }
        // A metric of other metrics alone (`metrics.tasks + metrics.focus_sessions`).
        guard metric.inputs.variables == [.metrics], !metric.inputs.readsEveryMetric, metric.folds.isEmpty else { return nil }
        return terms(metricRoot, folds: folds, metricPlans: metricPlans, depth: depth + 1)
    }

    /// The fold whose value the expression is: `@fold` of `size(events)`, of a reduction or of a
    /// best day, or `size(@fold)` / `@fold.size()` of a list fold (a count).
    private static func foldValue(_ expr: CELExpr, folds: [EventFold]) -> (fold: Int, isCount: Bool)? {
        func fold(named e: CELExpr) -> Int? {
            guard case .ident(let name) = e.kind else { return nil }
            return folds.firstIndex { $0.variable == name }
        }
        if let k = fold(named: expr) {
            switch folds[k].shape {
            case .count: return (k, true)
            case .reduction, .daily: return (k, false)
            default: return nil
            }
        }
        guard let (function, operand) = expr.singleOperandCall, function == "size",
              let k = fold(named: operand), folds[k].shape.producesList else { return nil }
        return (k, true)
    }

    func holds(count: Int) -> Bool {
        threshold.holds(for: Int64(count))
    }

    /// The event counts at which the condition can change. `foldPoints` are the change points
    /// of `folds`, merged (`EventFoldValues.changePoints`).
    func changePoints(_ values: EventFoldValues, foldPoints: [Int]) -> [Int] {
        guard isCount else {
            return risingChanges(values, foldPoints: foldPoints) ?? outcomeChanges(values, foldPoints: foldPoints)
        }
        // The count never decreases before it fails, and once failed stays failed; a threshold on
        // it, once true, stays true: both points are found by halving, not by reading the count
        // at every point (ten thousand events asked each threshold ten thousand times).
        return Self.turningPoints(foldPoints, failed: { count(values, events: foldPoints[$0]) == nil }) { index in
            count(values, events: foldPoints[index]).map { holds(count: $0) } ?? false
        }
    }

    /// The count, or the sum of the counts, over the first `n` events; `nil` once one failed.
    private func count(_ values: EventFoldValues, events n: Int) -> Int? {
        var total = 0
        for fold in folds {
            guard let count = values.count(fold, events: n) else { return nil }
            total += count
        }
        return total
    }

    /// For a threshold that turns true at most once before its fold fails (for good): where it
    /// turns true and where the fold fails, among `foldPoints`, both found by halving. `failed`
    /// and `holds` are asked of indices in `foldPoints`.
    private static func turningPoints(_ foldPoints: [Int], failed: (Int) -> Bool, holds: (Int) -> Bool) -> [Int] {
        let failedAt = firstIndex(below: foldPoints.count, where: failed)
        let holding = firstIndex(below: failedAt, where: holds)
        var points: [Int] = []
        if holding < failedAt { points.append(foldPoints[holding]) }
        if failedAt < foldPoints.count { points.append(foldPoints[failedAt]) }
        return points
    }

    /// For a reduction whose values only grow (ints, as a sum of counts or of minutes does): like
    /// a count's, where the comparison first holds and where the source fails, both found by
    /// halving; `nil` for any other fold or table (a falling sum, a double, an error).
    private func risingChanges(_ values: EventFoldValues, foldPoints: [Int]) -> [Int]? {
        guard folds.count == 1, let reduced = values.reducedValues(folds[0]) else { return nil }
        let fold = folds[0]
        var last = Int64.min
        var holdsFrom: Int?  // the fewest source elements over which it holds
        for (m, value) in reduced.enumerated() {
            guard case .int(let number) = value, number >= last else { return nil }
            last = number
            if holdsFrom == nil, threshold.holds(for: number) { holdsFrom = m }
        }
        // Holding over no elements: true from the start, so it never turns true.
        let from = holdsFrom.flatMap { $0 > 0 ? $0 : nil }
        return Self.turningPoints(foldPoints, failed: { values.visibleCount(fold, events: foldPoints[$0]) == nil }) { index in
            guard let from else { return false }
            return values.visibleCount(fold, events: foldPoints[index]).map { $0 >= from } ?? true
        }
    }

    /// The points where the comparison's outcome on the fold's value differs from the one
    /// before (from no events on). An int is compared as CEL does; any other value (an error,
    /// a double) counts as a change wherever the fold changes.
    private func outcomeChanges(_ values: EventFoldValues, foldPoints: [Int]) -> [Int] {
        func outcome(_ value: CELValue) -> Bool? {
            if case .int(let number) = value { return threshold.holds(for: number) }
            return nil
        }
        var points: [Int] = []
        let read = values.values(of: folds[0], atEvents: [0] + foldPoints)
        var previous = read[0].flatMap(outcome)
        for (index, point) in foldPoints.enumerated() {
            let current = read[index + 1].flatMap(outcome)
            if current == nil || current != previous { points.append(point) }
            previous = current
        }
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
