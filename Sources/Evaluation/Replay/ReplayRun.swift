import CEL
import Facts
import RuleModel

/// The mutable state of one replay: which awards are unlocked and since when, and for every
/// condition the stamp of what it read when it was last found false.
struct ReplayRun<Facts: ReplayFacts> {
    let replay: Replay
    private(set) var checkpoints: [Checkpoint]
    /// The next checkpoint to judge: every one before it was judged (or skipped as judged before).
    private var nextCheckpoint = 0
    /// The unlock counts in effect, and the stamp of each checkpoint judged.
    private var changes: CheckpointChanges
    /// Every new unlock, in the order the walk found them (each edge of a repeatable award).
    private(set) var found: [UnlockDecision] = []
    /// Every unlock in effect: the stored ones from the start, new ones as they happen.
    private(set) var unlocks: [String: UnlockDecision] = [:]
    /// Awards whose condition ran over the cost limit while locked.
    private(set) var costLimited: Set<String> = []
    /// Awards whose condition was not judged because the replay's step budget was spent.
    private(set) var budgetLimited: Set<String> = []
    private(set) var bindings: FactBindings<Facts>
    /// Per award: what its condition's last evaluations showed.
    private var judgements: [AwardJudgement]
    /// Per award: the instant it is unlocked from (stored or new).
    private var unlockedSince: [CELTimestamp?]
    /// Awards not unlocked yet and awake (judged at every checkpoint), in award order.
    private var locked: [Int]
    /// Locked awards known false for now, judged again once they wake.
    private var sleeping = SleepingAwards()
    /// Whether the checkpoint after the one being judged has no event of its own: only then is a
    /// streak threshold found false worth marking quiet (at an event it is judged again anyway,
    /// and asking when its streak can rise cost more than it saved on a history of events). Set
    /// once per checkpoint: derived at each asking from `checkpoints`, it cost a fifth of the walk.
    private var nextHasNoEvent = false
    /// What `walk` learns about each streak at a checkpoint (kept for its arrays).
    private var keptStreakAnswers: StreakAnswers
    /// The list `wakeSleepers` fills (kept for its capacity).
    private var wokenBuffer: [Int] = []
    /// Unlocks in effect (stored and new) when the sleepers were last woken.
    private var unlocksSeen = 0

    // Repeatable awards (docs/evaluation.md, "Repeatable awards"): judged at every checkpoint,
    // unlocking again at each rising edge of their criterion with gates.
    /// Repeatable awards, in award order; never in `locked`.
    private let repeatables: [Int]
    /// The repeatable awards that held at the previous checkpoint.
    /// Per award (repeatable ones only are set): whether it held at the previous checkpoint, and
    /// at the one being judged (flags, not sets: every checkpoint asks).
    private var heldBefore: [Bool]
    private var heldNow: [Bool]
    /// Stored unlock instants of each repeatable award: an edge at one of them is that stored unlock.
    private let storedRepeats: [String: Set<CELTimestamp>]
    /// New unlocks of repeatable awards (edges not matched by a stored entry), in time order.
    private(set) var repeats: [String: [UnlockDecision]] = [:]

    init(replay: Replay, facts: Facts) {
        self.replay = replay
        checkpoints = CheckpointPlan(rules: replay.rules, facts: facts).checkpoints
        // Read from the replay's per-award arrays: copying every award rule out would cost a retain and
        // release of each of its strings and arrays, for every state.
        let count = replay.awardIDs.count
        // Room for every award's unlock at once: grown one unlock at a time, it would be rehashed.
        var unlocks: [String: UnlockDecision] = Dictionary(minimumCapacity: count)
        // Arrays of one repeated value are made from `repeatElement`, here and in the facts and
        // bindings a state builds: `Array(repeating:count:)` allocates through a standard-library
        // call that runs unspecialized, looking the array type's metadata up each time (over a
        // dozen arrays a state).
        var since = [CELTimestamp?](repeatElement(nil, count: count))
        for stored in facts.storedUnlocks where unlocks[stored.id] == nil {
            let position = replay.awardPositions[stored.id]
            unlocks[stored.id] = UnlockDecision(id: stored.id, at: stored.at, points: position.map { replay.awardPoints[$0] } ?? 0,
                                                catalogVersion: stored.catalogVersion)
            if let position { since[position] = stored.at.instant }
        }
        self.unlocks = unlocks
        unlockedSince = since
        repeatables = (0..<count).filter { replay.awardRepeatable[$0] }
        locked = (0..<count).filter { since[$0] == nil && !replay.awardRepeatable[$0] }
        var storedRepeats: [String: Set<CELTimestamp>] = [:]
        for stored in facts.storedUnlocks { storedRepeats[stored.id, default: []].insert(stored.at.instant) }
        self.storedRepeats = storedRepeats
        changes = CheckpointChanges(storedInstants: since.compactMap { $0 }.sorted())
        judgements = Array(repeatElement(AwardJudgement(), count: count))
        keptStreakAnswers = StreakAnswers(streaks: replay.streakIDs.count)
        heldBefore = Array(repeatElement(false, count: count))
        heldNow = heldBefore

        let first = checkpoints.first.map { FactMoment(moment: $0.time, eventCount: $0.eventCount) }
            ?? FactMoment(moment: facts.now, eventCount: facts.events.count)
        let budget = replay.stepBudget(checkpoints: checkpoints.count, days: Replay.daySpan(of: facts))
        // The facts' last use: they move into the bindings (read in the same call, they would be copied).
        bindings = FactBindings(replay: replay, facts: facts, moment: first, stepBudget: budget)
        bindings.unlockedSince = since
    }

    /// The decision at `now`, once the walk is done: the facts go on to `now` in place (the run
    /// is not asked again), not through a copy of them.
    mutating func decideAtNow(keepsBindings: Bool) -> ReplayOutcome {
        let found = findings
        return replay.decide(&bindings.facts, found: found, keepsBindings: keepsBindings)
    }

    /// What the walk found, for the decision at `now`.
    var findings: ReplayFindings {
        ReplayFindings(unlocks: unlocks, checkpoints: checkpoints, costLimited: costLimited, budgetLimited: budgetLimited,
                       repeats: repeats, folds: bindings.folds, stepsUsed: bindings.stepsUsed)
    }

    /// Judges the checkpoints not judged yet (all of them, or the ones `grow` added).
    mutating func walk() {
        // A few checkpoints (a session's step) are judged faster than awards are put to sleep
        // and woken again.
        let sleepsAwards = checkpoints.count - nextCheckpoint >= Self.checkpointsWorthSleeping
        // The run's own answers, taken out for the walk (judging passes them along): a session's
        // step allocates none.
        var streakAnswers = StreakAnswers(streaks: 0)
        swap(&streakAnswers, &keptStreakAnswers)
        defer { swap(&streakAnswers, &keptStreakAnswers) }
        var moduleHolds = [(levels: Int, holds: Bool)?](repeatElement(nil, count: replay.modules.count))
        while nextCheckpoint < checkpoints.count {
            let position = nextCheckpoint
            let checkpoint = checkpoints[position]
            nextCheckpoint += 1
            guard !locked.isEmpty || !sleeping.isEmpty || !repeatables.isEmpty else {
                nextCheckpoint = checkpoints.count
                break
            }
            let moment = FactMoment(moment: checkpoint.time, eventCount: checkpoint.eventCount)
            let levels = bindings.facts.levelsStamp(at: moment)
            let stamp = changes.stamp(at: position, of: checkpoint, levels: levels)
            wakeSleepers(atEvents: checkpoint.eventCount)
            bindings.advance(to: moment, stamp: stamp)
            streakAnswers.reset()
            nextHasNoEvent = nextCheckpoint < checkpoints.count && checkpoints[nextCheckpoint].eventCount == checkpoint.eventCount
            for award in repeatables { heldNow[award] = false }
            // Unlocks of one pass become visible to the next, until nothing more unlocks here.
            while true {
                var unlocking: [Int] = []
                for award in locked where judge(award, checkpoint: checkpoint, moment: moment, levels: levels,
                                                 streaks: &streakAnswers, moduleHolds: &moduleHolds) {
                    unlocking.append(award)
                }
                if sleepsAwards { putToSleep(atEvents: checkpoint.eventCount, except: unlocking) }
                for award in repeatables where !heldNow[award] {
                    guard judge(award, checkpoint: checkpoint, moment: moment, levels: levels,
                                streaks: &streakAnswers, moduleHolds: &moduleHolds) else { continue }
                    heldNow[award] = true
                    if !heldBefore[award] { unlocking.append(award) }
                }
                if unlocking.isEmpty { break }
                for award in unlocking { record(award, at: checkpoint) }
                // A few awards unlock at once: looked for in the list, not hashed into a set made
                // for each pass (a set and its hashing would cost more than the search).
                if unlocking.count <= 16 {
                    locked.removeAll { unlocking.contains($0) }
                } else {
                    let done = Set(unlocking)
                    locked.removeAll { done.contains($0) }
                }
                bindings.unlocksChanged(stored: changes.storedEffective, new: changes.newUnlocks)
                wakeSleepers(atEvents: checkpoint.eventCount)
            }
            swap(&heldBefore, &heldNow)
        }
    }

    private static var checkpointsWorthSleeping: Int { 16 }

    /// Moves to `sleeping` the awake locked awards (but `except`) that `judge` would pass over
    /// at this checkpoint for what their last judgement showed, and for as long as it does.
    /// One known false only until the next event stays awake: `judge` passes over it at the
    /// checkpoints before that for less than putting it to sleep and waking it costs.
    private mutating func putToSleep(atEvents events: Int, except unlocking: [Int]) {
        let unlocks = changes.unlocksInEffect
        locked.removeAll { award in
            guard judgements[award].isKnownFalse(atEvents: events, unlocks: unlocks),
                  judgements[award].falseUntilEvents > events + 1 || judgements[award].falseWhileUnlocks != nil,
                  !unlocking.contains(award) else {
                return false
            }
            sleeping.add(award, untilEvents: judgements[award].falseUntilEvents,
                         untilUnlock: judgements[award].falseWhileUnlocks != nil)
            return true
        }
    }


    /// Wakes the sleepers due at `events`, or waiting for an unlock when one happened since.
    @inline(__always)
    private mutating func wakeSleepers(atEvents events: Int) {
        let unlocks = changes.unlocksInEffect
        guard sleeping.anyDue(atEvents: events, unlocked: unlocks != unlocksSeen) else {
            unlocksSeen = unlocks
            return
        }
        wake(atEvents: events, unlocks: unlocks)
    }

    /// `wakeSleepers` once some sleeper is due.
    private mutating func wake(atEvents events: Int, unlocks: Int) {
        // The run's own list, emptied and refilled: a new one each time would be allocated at most checkpoints.
        var woken: [Int] = []
        swap(&woken, &wokenBuffer)
        woken.removeAll(keepingCapacity: true)
        sleeping.wake(atEvents: events, unlocked: unlocks != unlocksSeen, into: &woken)
        unlocksSeen = unlocks
        merge(&woken)
        swap(&woken, &wokenBuffer)
    }

    /// Adds awards to the awake ones, keeping award order (the order unlocks are found in): the
    /// few woken are sorted and merged in from the back, not the whole list sorted again.
    private mutating func merge(_ woken: inout [Int]) {
        guard !woken.isEmpty else { return }
        woken.sort()
        var kept = locked.count - 1
        var added = woken.count - 1
        locked.append(contentsOf: woken)
        var slot = locked.count - 1
        while added >= 0 {
            if kept >= 0, locked[kept] > woken[added] {
                locked[slot] = locked[kept]
                kept -= 1
            } else {
                locked[slot] = woken[added]
                added -= 1
            }
            slot -= 1
        }
    }

    /// Whether an award's gates and criterion hold at the checkpoint.
    @inline(__always)
    private mutating func judge(_ award: Int, checkpoint: Checkpoint, moment: FactMoment, levels: Int,
                                streaks: inout StreakAnswers, moduleHolds: inout [(levels: Int, holds: Bool)?]) -> Bool {
        let instant = checkpoint.instant
        // A condition over folds alone, false until its next change point: nothing to ask.
        if judgements[award].isKnownFalse(atEvents: checkpoint.eventCount, unlocks: changes.unlocksInEffect) {
            return false
        }
        let gate = replay.gates[award]
        guard gate.isAvailable(at: instant) else { return false }
        if gate.requiresAwards,
           !AwardGate.requirementsMet(replay.requirements[award], unlockedSince: unlockedSince, at: instant) { return false }
        switch gate.criterion {
        case .condition(let slot):
            // The threshold's parts are read in place: binding it would copy its expression (a retain
            // and release of each part) for every award at every checkpoint.
            guard slot < replay.streakThresholds.count, let streak = replay.streakThresholds[slot]?.streak,
                  let field = replay.streakThresholds[slot]?.field else {
                return conditionHolds(award, slot: slot)
            }
            // `streaks.ID.current >= N`: judged as a milestone is (the budget still stops it).
            if bindings.budgetSpent {
                budgetLimited.insert(replay.awardIDs[award])
                return false
            }
            guard case .current = field else {
                guard let figure = bindings.facts.streakFigure(replay.streakIDs[streak], field, at: moment) else {
                    return conditionHolds(award, slot: slot)
                }
                if replay.streakThresholds[slot]?.holds(figure) == true { return true }
                if field != .freezesAvailable, nextHasNoEvent { noteStreakQuiet(award, streak: streak, moment: moment, answers: &streaks) }
                return false
            }
            let current = streakCurrent(streak, at: moment, answers: &streaks)
            if replay.streakThresholds[slot]?.holds(current) == true { return true }
            if nextHasNoEvent { noteStreakQuiet(award, streak: streak, moment: moment, answers: &streaks) }
            return false
        case .milestone(let streak, let days):
            let current = streakCurrent(streak, at: moment, answers: &streaks)
            if current >= days { return true }
            if nextHasNoEvent { noteStreakQuiet(award, streak: streak, moment: moment, answers: &streaks) }
            return false
        case .module(let module):
            if let cached = moduleHolds[module], cached.levels == levels { return cached.holds }
            let holds = bindings.facts.moduleProgress(replay.modules[module], at: moment).isComplete
            moduleHolds[module] = (levels, holds)
            return holds
        }
    }

    /// Records an unlock at the checkpoint. A repeatable award's edge at the instant of one of its
    /// stored unlocks is that stored unlock, not a new one (idempotence: matched by id and `at`).
    private mutating func record(_ award: Int, at checkpoint: Checkpoint) {
        let rule = replay.plans[award].rule
        let instant = checkpoint.instant
        if rule.info.repeatable && storedRepeats[rule.id]?.contains(instant) == true { return }
        let unlock = UnlockDecision(
            id: rule.id, at: checkpoint.time, points: rule.info.points,
            catalogVersion: Self.catalogVersion(of: rule, in: replay.rules.catalogs),
            cause: UnlockCause(checkpoint: checkpoint.kind, events: checkpoint.events))
        found.append(unlock)
        if rule.info.repeatable { repeats[rule.id, default: []].append(unlock) }
        // The first unlock (of a repeatable award: the earliest, stored or new) is the one in effect.
        guard unlocks[rule.id].map({ instant < $0.at.instant }) ?? true else { return }
        unlocks[rule.id] = unlock
        unlockedSince[award] = instant
        bindings.unlockedSince[award] = instant
        changes.recordUnlock()
    }

    /// Static, given the catalogs: a method on the run took a copy of the whole run to be called.
    private static func catalogVersion(of award: AwardRule, in catalogs: [CatalogRule]) -> Int? {
        guard case .module(let module) = award.criterion else { return nil }
        return catalogs.first { $0.id == module.catalog }?.version
    }

    /// The condition's value, evaluated again only when something it reads moved on.
    private mutating func conditionHolds(_ award: Int, slot: Int) -> Bool {
        if bindings.budgetSpent {
            budgetLimited.insert(replay.plans[award].rule.id)
            return false
        }
        let key = bindings.key(slot)
        if let cached = judgements[award].falseAt, cached == key {
            noteQuiet(award, slot: slot)
            return false
        }
        switch bindings.evaluate(slot, unlocks: unlocks) {
        case .bool(true):
            return true
        case .error(let error) where error.kind == .costLimitExceeded:
            if bindings.budgetSpent {
                budgetLimited.insert(replay.plans[award].rule.id)
                return false
            }
            costLimited.insert(replay.plans[award].rule.id)
        default:
            break
        }
        // Only a false (or failed) condition is worth remembering: a true one unlocks the award.
        judgements[award].falseAt = key
        noteQuiet(award, slot: slot)
        return false
    }

    /// Streak `streak`'s (an index in `replay.streakIDs`) `current` at `moment`, asked of the
    /// facts once per checkpoint.
    private mutating func streakCurrent(_ streak: Int, at moment: FactMoment, answers: inout StreakAnswers) -> Int {
        answers.current(streak) {
            bindings.facts.streakCurrent(replay.streakIDs[streak], ruleIndex: replay.streakRuleIndices[streak], at: moment)
        }
    }

    /// Notes until when a threshold on a streak's `current`, `longest` or `total_days` (from
    /// below: `>=`, `>`, a milestone) stays false: until the streak can next rise
    /// (`ReplayFacts.streakRiseEventCount`), when the facts can tell.
    @inline(never)
    private mutating func noteStreakQuiet(_ award: Int, streak: Int, moment: FactMoment, answers: inout StreakAnswers) {
        guard let ruleIndex = replay.streakRuleIndices[streak],
              let until = answers.riseEventCount(streak, { bindings.facts.streakRiseEventCount(ruleIndex, at: moment) })
        else { return }
        judgements[award].falseUntilEvents = until
        judgements[award].falseWhileUnlocks = nil
    }

    /// Notes until when a false condition stays false: its folds' next change point, and for one
    /// that also reads `achievements`, as long as no award unlocks.
    private mutating func noteQuiet(_ award: Int, slot: Int) {
        let quiet = bindings.quietUntil(slot)
        judgements[award].falseUntilEvents = quiet.events
        judgements[award].falseWhileUnlocks = quiet.untilUnlocks ? changes.unlocksInEffect : nil
    }
}

extension ReplayRun: Sendable where Facts: Sendable {}

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
            judgements = Array(repeatElement(AwardJudgement(), count: judgements.count))
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

extension ReplayRun {
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
    private mutating func moveToLastCheckpoint() {
        guard let last = checkpoints.last else { return }
        let moment = FactMoment(moment: last.time, eventCount: last.eventCount)
        guard bindings.moment != moment else { return }
        let levels = bindings.facts.levelsStamp(at: moment)
        bindings.advance(to: moment, stamp: changes.stamp(at: checkpoints.count - 1, of: last, levels: levels))
    }

    /// An award's progress at `now`, as `Replay.standing` gives it.
    private mutating func progressAtNow(_ index: Int, slots: ProgressSlots, moment: FactMoment) -> AwardProgress {
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

    private mutating func conditionProgressAtNow(_ index: Int, slots: ProgressSlots, locked: Bool) -> AwardProgress {
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
    private mutating func number(_ slot: Int?) -> ProgressNumber {
        guard let slot else { return .int(0) }
        switch bindings.evaluateKept(slot, unlocks: unlocks) {
        case .int(let v): return .int(v)
        case .uint(let v): return .int(Int64(clamping: v))
        case .double(let v): return .double(v)
        default: return .int(0)
        }
    }
}
