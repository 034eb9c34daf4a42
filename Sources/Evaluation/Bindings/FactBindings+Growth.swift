import CEL
import Facts

extension FactBindings where Facts == StateFacts {
    /// The folds each slot reads (through metrics too), in slot order: metrics first, then the
    /// award conditions, as `init` lays the slots out, then the slots added on demand.
    func slotFolds() -> [[Int]] {
        var folds: [[Int]] = []
        folds.reserveCapacity(slots.count)
        for (position, plan) in replay.metricPlans.enumerated() { folds.append(replay.folds(of: plan, before: position).sorted()) }
        for award in replay.plans {
            guard let plan = award.condition else { continue }
            folds.append(replay.folds(of: plan, before: .max).sorted())
        }
        for slot in slots[folds.count...] { folds.append(replay.folds(of: slot.plan).sorted()) }
        return folds
    }

    /// Grows the facts by an event after `now` (or none) and moves `now` on: the fold tables take
    /// the event, and each slot whose folds change value at it gets it as a change point (a
    /// threshold slot's points are then a superset of its own: it is judged again a little more
    /// often, never less).
    mutating func grow(by event: StateEvent?, now: Moment, slotFolds: [[Int]]) throws(StateFileError) {
        forgetVariables()
        try facts.append(event, now: now)
        guard event != nil, let value = facts.timeline.eventValues.last else { return }
        folds.append(value, costLimit: replay.costLimit)
        let n = facts.timeline.eventValues.count
        let changed = replay.folds.indices.map { folds.changes($0, at: n) }
        for slot in slotFolds.indices where slotFolds[slot].contains(where: { changed[$0] }) {
            slots[slot].changePoints.append(n)
        }
    }
}

extension FactBindings {
    /// A slot for an expression evaluated only on demand (`addSlot`): it may read every metric
    /// and award; its change points are those of the folds it reads, so its `key` tells when
    /// its value may have moved (`evaluateKept`).
    func onDemandSlot(_ plan: PlannedExpression) -> ExpressionSlot {
        let metrics = replay.metricsRead(by: plan.inputs)
        let positions = metrics.compactMap { replay.metricIndex[$0] }
        var scope: [Int]?
        let viaMetrics = metrics.contains { replay.metricChannels[$0]?.contains(.achievements) ?? true }
        if !plan.inputs.readsEveryAchievement, !viaMetrics {
            scope = replay.plans.indices.filter { plan.inputs.achievements.contains(replay.plans[$0].rule.id) }
        }
        let variables = plan.inputs.variables.sorted { $0.rawValue < $1.rawValue }
        let total = facts.events.count
        var points: [Int] = []
        for fold in replay.folds(of: plan) { points += folds.changePoints(of: fold, total: total) }
        points.sort()
        var unique: [Int] = []
        unique.reserveCapacity(points.count)
        for point in points where unique.last != point { unique.append(point) }
        return ExpressionSlot(plan: plan, channels: replay.channels(of: plan), changePoints: unique,
                              metricPositions: positions, achievementScope: scope, variables: variables,
                              bindingShape: CELRecordShape(fields: variables.map(\.rawValue)
                                  + plan.folds.map { replay.folds[$0].variable }
                                  + plan.dayFolds.map { replay.dayFolds[$0].variable }),
                              metricsShape: CELRecordShape(fields: positions.map { replay.rules.metrics[$0].id }))
    }
}
