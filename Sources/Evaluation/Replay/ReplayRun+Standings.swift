import CEL
import Facts
import RuleModel

// Where every award stands at `now`, for a session.
extension ReplayRun where Facts: ReplayFacts {
    /// The slots of an award's progress figures (`FactBindings.addSlot`), when it has them.
    struct ProgressSlots: Sendable {
        var current: Int?
        var target: Int?
    }

    /// Adds on-demand slots for every award's progress figures, in award order.
    mutating func addProgressSlots() -> [ProgressSlots] {
        replay.plans.map { plan in
            ProgressSlots(current: plan.progressCurrent.map { bindings.addSlot(bindings.onDemandSlot($0)) },
                          target: plan.progressTarget.map { bindings.addSlot(bindings.onDemandSlot($0)) })
        }
    }

    /// Where every award and streak stands at the last checkpoint (`now`), as the decision at
    /// `now` shows it: progress figures evaluated through the folds and the metrics the walk
    /// keeps, outside the replay's step budget (as the decision evaluates them).
    mutating func standings(progressSlots: [ProgressSlots]) -> LiveStandings {
        moveToLastCheckpoint()
        let moment = bindings.moment
        let spent = bindings.stepsUsed
        bindings.stepsUsed = 0
        defer { bindings.stepsUsed = spent }
        var progress: [AwardProgress] = []
        progress.reserveCapacity(replay.plans.count)
        for index in replay.plans.indices {
            progress.append(progressAtNow(index, slots: progressSlots[index], moment: moment))
        }
        return LiveStandings(ids: replay.awardIDs, progress: progress,
                             streaks: bindings.facts.streakStandings(at: moment))
    }

    /// Moves the bindings to the last checkpoint when the walk stopped before it (nothing left
    /// to judge), with the stamp the walk would have given it.
    mutating func moveToLastCheckpoint() {
        guard let last = checkpoints.last else { return }
        let moment = FactMoment(moment: last.time, eventCount: last.eventCount)
        guard bindings.moment != moment else { return }
        let levels = bindings.facts.levelsStamp(at: moment)
        bindings.advance(to: moment, stamp: changes.stamp(at: checkpoints.count - 1, of: last, levels: levels))
    }

    /// An award's progress at `now`, as `Replay.standing` gives it.
    mutating func progressAtNow(_ index: Int, slots: ProgressSlots, moment: FactMoment) -> AwardProgress {
        // The rule is read in place: a copy retains and releases every string and array in it.
        let unlocked = unlockedSince[index] != nil
        var progress: AwardProgress
        var keepsMaximum = true
        switch replay.plans[index].rule.criterion {
        case .milestone(let streak, let days):
            progress = CountedStanding.milestone(streak: streak, days: days, facts: &bindings.facts, at: moment).progress
        case .module(let module):
            let counted = CountedStanding.module(module, facts: &bindings.facts, at: moment,
                                                 unlockVersion: unlocks[replay.awardIDs[index]]?.catalogVersion,
                                                 catalogs: replay.rules.catalogs)
            (progress, keepsMaximum) = (counted.progress, counted.keepsMaximum)
        case .condition:
            progress = conditionProgressAtNow(index, slots: slots, locked: !unlocked)
        }
        if unlocked, keepsMaximum { progress.current = progress.current.atLeast(progress.target) }
        return progress
    }

    mutating func conditionProgressAtNow(_ index: Int, slots: ProgressSlots, locked: Bool) -> AwardProgress {
        // Looked up only when some award hit the budget: even an empty set hashes the id.
        if locked, !budgetLimited.isEmpty, budgetLimited.contains(replay.awardIDs[index]) {
            let target: ProgressNumber = if case .derived(_, let t, let isInt) = replay.plans[index].rule.progress {
                .target(t, isInt: isInt)
            } else { .int(1) }
            return AwardProgress(current: .int(0), target: target)
        }
        switch replay.plans[index].rule.progress {
        case .measured:
            return AwardProgress(current: number(slots.current), target: number(slots.target))
        case .derived(_, let target, let targetIsInt):
            return AwardProgress(current: number(slots.current), target: .target(target, isInt: targetIsInt))
        case .binary, .module:
            guard case .condition(let slot) = replay.gates[index].criterion else {
                return AwardProgress(current: .int(0), target: .int(1))
            }
            let holds: Bool = if case .bool(true) = bindings.evaluateKept(slot, unlocks: unlocks) { true } else { false }
            return AwardProgress(current: .int(holds ? 1 : 0), target: .int(1))
        }
    }

    /// A progress figure (an error counts as 0, as in the decision).
    mutating func number(_ slot: Int?) -> ProgressNumber {
        guard let slot else { return .int(0) }
        switch bindings.evaluateKept(slot, unlocks: unlocks) {
        case .int(let v): return .int(v)
        case .uint(let v): return .int(Int64(clamping: v))
        case .double(let v): return .double(v)
        default: return .int(0)
        }
    }
}
