import CEL
import Facts
import RuleModel

// A session's growth: the run goes on over an event added after `now`.
extension ReplayRun where Facts == StateFacts {
    /// Makes room for `extra` more events (and as many checkpoints) in every array `grow`
    /// extends: built to the history's size, they would otherwise be reallocated (the whole
    /// history moved) on the first step, and copied if still shared with the state given.
    mutating func reserveForGrowth(_ extra: Int) {
        bindings.reserveForGrowth(extra)
        checkpoints.reserveCapacity(checkpoints.count + extra)
    }

    /// Grows the facts by an event after `now` (or none) and moves `now` on, adding the
    /// checkpoints after the old `now` for `walk` to judge: the run goes on as the replay of the
    /// grown facts would from there (`LiveReplay`).
    mutating func grow(by event: StateEvent?, now: Moment, slotFolds: [[Int]]) throws(StateFileError) {
        let after = bindings.facts.now.instant
        let known = bindings.facts.timeCheckpoints.count
        try bindings.grow(by: event, now: now, slotFolds: slotFolds)
        if !bindings.plain, !bindings.folds.dailyFoldsExact {
            // The event made a daily table inexact: judge on with the plain slots, whose keys
            // are others (nothing remembered of the conditions holds for them).
            bindings.usePlainSlots()
            judgements = Array(filling: AwardJudgement(), count: judgements.count)
        }
        let times = Array(bindings.facts.timeCheckpoints[known...])
        // A condition over folds was false "until its next change point": the event may be one.
        let events = bindings.facts.events.count
        for award in judgements.indices where judgements[award].falseUntilEvents > events {
            judgements[award].falseUntilEvents = events
        }
        if !sleeping.isEmpty {
            var woken: [Int] = []
            sleeping.wakeAll(into: &woken)
            merge(&woken)
        }
        checkpoints += CheckpointPlan.checkpoints(rules: replay.rules, facts: bindings.facts, after: after, timeCheckpoints: times)
        bindings.stepBudget = replay.stepBudget(checkpoints: checkpoints.count, days: Replay.daySpan(of: bindings.facts))
    }
}
