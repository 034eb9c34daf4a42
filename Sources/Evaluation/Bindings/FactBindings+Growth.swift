import CEL
import Facts

extension FactBindings where Facts == StateFacts {
    /// The folds each slot reads (through metrics too), in slot order: metrics first, then the
    /// award conditions (`Replay.slots`), then the slots added on demand.
    func slotFolds() -> [[Int]] {
        slots.map(\.folds)
    }

    /// The appends of a step that copied a shared array, in the change points, the fold
    /// tables, the timeline and the days' event lists (debug builds; `CopiedAppends`).
    var copiedAppends: Int {
        grownPoints.count + folds.copiedAppends + facts.timeline.copiedAppends.count + facts.copiedDayListAppends
    }

    /// Makes room for `extra` more events in the facts, the fold tables and the change points.
    mutating func reserveForGrowth(_ extra: Int) {
        facts.reserveForAppends(extra)
        folds.reserve(extra)
        for slot in changePoints.indices { changePoints[slot].reserveCapacity(changePoints[slot].count + extra) }
    }

    /// Grows the facts by an event after `now` (or none) and moves `now` on: the fold tables take
    /// the event, and each slot whose folds change value at it gets it as a change point (a
    /// threshold slot's points are then a superset of its own: it is judged again a little more
    /// often, never less).
    mutating func grow(by event: StateEvent?, now: Moment, slotFolds: [[Int]]) throws(StateFileError) {
        forgetVariables()
        try facts.append(event, now: now)
        guard event != nil, let value = facts.timeline.eventValues.last, let placed = facts.timeline.events.last else { return }
        folds.append(value, day: placed.onTime ? Int32(clamping: placed.day.number) : Int32.min, costLimit: replay.costLimit)
        let n = facts.timeline.eventValues.count
        let changed = replay.folds.indices.map { folds.changes($0, at: n) }
        for slot in slotFolds.indices where slotFolds[slot].contains(where: { changed[$0] }) {
            grownPoints.append(n, to: &changePoints[slot])
        }
    }
}

extension FactBindings where Facts: ReplayFacts {
    /// A slot for an expression evaluated only on demand (`addSlot`): it may read every metric
    /// and award; its change points are those of the folds it reads, so its `key` tells when
    /// its value may have moved (`evaluateKept`).
    func onDemandSlot(_ plan: PlannedExpression) -> ExpressionSlot {
        Replay.slot(plan, before: .max, of: replay, index: Replay.SlotIndex(replay), plain: plain,
                    shape: { CELRecordShape(fields: $0) })
    }
}
