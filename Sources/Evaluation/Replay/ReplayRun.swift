import CEL
import Facts

/// The mutable state of one replay: which awards are unlocked and since when, and for every
/// condition the stamp of what it read when it was last found false.
struct ReplayRun<Facts: ReplayFacts> {
    let replay: Replay
    let checkpoints: [Checkpoint]
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
    /// Awards not unlocked yet, in award order.
    private var locked: [Int]
    private var newUnlockCount = 0
    /// Stored unlocks of known awards, by `at`.
    private let storedInstants: [CELTimestamp]

    // Repeatable awards (docs/evaluation.md, "Repeatable awards"): judged at every checkpoint,
    // unlocking again at each rising edge of their criterion with gates.
    /// Repeatable awards, in award order; never in `locked`.
    private let repeatables: [Int]
    /// The repeatable awards that held at the previous checkpoint.
    private var heldBefore: Set<Int> = []
    /// Stored unlock instants of each repeatable award: an edge at one of them is that stored unlock.
    private let storedRepeats: [String: Set<CELTimestamp>]
    /// New unlocks of repeatable awards (edges not matched by a stored entry), in time order.
    private(set) var repeats: [String: [UnlockDecision]] = [:]
    /// Checkpoints at or before this instant were judged by an earlier replay of the same facts.
    private let judgedThrough: CELTimestamp?

    /// - Parameter resume: where an earlier replay of the same state, with fewer events, left off.
    init(replay: Replay, facts: Facts, resume: ReplayResume? = nil) {
        self.replay = replay
        judgedThrough = resume?.after
        checkpoints = CheckpointPlan(rules: replay.rules, facts: facts).checkpoints
        let awards = replay.plans.map(\.rule)
        let index = Dictionary(awards.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })

        var unlocks: [String: UnlockDecision] = [:]
        var since = [CELTimestamp?](repeating: nil, count: awards.count)
        for stored in facts.storedUnlocks where unlocks[stored.id] == nil {
            let position = index[stored.id]
            unlocks[stored.id] = UnlockDecision(id: stored.id, at: stored.at, points: position.map { awards[$0].info.points } ?? 0,
                                                catalogVersion: stored.catalogVersion)
            if let position { since[position] = stored.at.instant }
        }
        self.unlocks = unlocks
        unlockedSince = since
        repeatables = awards.indices.filter { awards[$0].info.repeatable }
        locked = awards.indices.filter { since[$0] == nil && !awards[$0].info.repeatable }
        var storedRepeats: [String: Set<CELTimestamp>] = [:]
        for stored in facts.storedUnlocks { storedRepeats[stored.id, default: []].insert(stored.at.instant) }
        self.storedRepeats = storedRepeats
        storedInstants = since.compactMap { $0 }.sorted()
        judgements = Array(repeating: AwardJudgement(), count: awards.count)

        let first = checkpoints.first.map { FactMoment(moment: $0.time, eventCount: $0.eventCount) }
            ?? FactMoment(moment: facts.now, eventCount: facts.events.count)
        bindings = FactBindings(replay: replay, facts: facts, moment: first,
                                stepBudget: replay.stepBudget(checkpoints: checkpoints.count, days: Replay.daySpan(of: facts)))
        bindings.unlockedSince = since
        if let resume {
            heldBefore = Set(repeatables.filter { resume.heldBefore.contains(awards[$0].id) })
            costLimited = resume.costLimited
            budgetLimited = resume.budgetLimited
            bindings.stepsUsed = resume.stepsUsed
        }
    }

    /// Where this replay leaves off, for a later replay of the same state with more events.
    var resume: ReplayResume {
        ReplayResume(after: bindings.facts.now.instant, heldBefore: Set(heldBefore.map { replay.plans[$0].rule.id }),
                     costLimited: costLimited, budgetLimited: budgetLimited, stepsUsed: bindings.stepsUsed)
    }

    /// What the walk found, for the decision at `now`.
    var findings: ReplayFindings {
        ReplayFindings(unlocks: unlocks, checkpoints: checkpoints, costLimited: costLimited, budgetLimited: budgetLimited,
                       repeats: repeats, folds: bindings.folds)
    }

    mutating func walk() {
        var storedEffective = 0
        var streakCurrents = [Int?](repeating: nil, count: replay.streakIDs.count)
        var moduleHolds = [(levels: Int, holds: Bool)?](repeating: nil, count: replay.modules.count)
        for (position, checkpoint) in checkpoints.enumerated() {
            guard !locked.isEmpty || !repeatables.isEmpty else { break }
            let instant = checkpoint.instant
            if let judgedThrough, instant <= judgedThrough { continue }
            let moment = FactMoment(moment: checkpoint.time, eventCount: checkpoint.eventCount)
            while storedEffective < storedInstants.count, storedInstants[storedEffective] <= instant {
                storedEffective += 1
            }
            let levels = bindings.facts.levelsStamp(at: moment)
            bindings.advance(to: moment, stamp: ChannelStamp(
                events: checkpoint.eventCount, levels: levels, clock: position + 1,
                storedUnlocks: storedEffective, newUnlocks: newUnlockCount))
            for streak in streakCurrents.indices { streakCurrents[streak] = nil }
            var heldNow: Set<Int> = []
            // Unlocks of one pass become visible to the next, until nothing more unlocks here.
            while true {
                var unlocking: [Int] = []
                for award in locked where judge(award, checkpoint: checkpoint, moment: moment, levels: levels,
                                                 streakCurrents: &streakCurrents, moduleHolds: &moduleHolds) {
                    unlocking.append(award)
                }
                for award in repeatables where !heldNow.contains(award) {
                    guard judge(award, checkpoint: checkpoint, moment: moment, levels: levels,
                                streakCurrents: &streakCurrents, moduleHolds: &moduleHolds) else { continue }
                    heldNow.insert(award)
                    if !heldBefore.contains(award) { unlocking.append(award) }
                }
                if unlocking.isEmpty { break }
                for award in unlocking { record(award, at: checkpoint) }
                let done = Set(unlocking)
                locked.removeAll { done.contains($0) }
                bindings.unlocksChanged(stored: storedEffective, new: newUnlockCount)
            }
            heldBefore = heldNow
        }
    }

    /// Whether an award's gates and criterion hold at the checkpoint.
    private mutating func judge(_ award: Int, checkpoint: Checkpoint, moment: FactMoment, levels: Int,
                                streakCurrents: inout [Int?], moduleHolds: inout [(levels: Int, holds: Bool)?]) -> Bool {
        let instant = checkpoint.instant
        // A condition over folds alone, false until its next change point: nothing to ask.
        if checkpoint.eventCount < judgements[award].falseUntilEvents { return false }
        // Read in place: copying the gate out costs a retain and release per award.
        guard replay.plans[award].gate.isAvailable(at: instant),
              replay.plans[award].gate.requirementsMet(unlockedSince: unlockedSince, at: instant) else { return false }
        switch replay.plans[award].gate.criterion {
        case .condition(let slot):
            return conditionHolds(award, slot: slot)
        case .milestone(let streak, let days):
            let current = streakCurrents[streak] ?? bindings.facts.streakCurrent(replay.streakIDs[streak], at: moment)
            streakCurrents[streak] = current
            return current >= days
        case .module(let module):
            if let cached = moduleHolds[module], cached.levels == levels { return cached.holds }
            let key = replay.modules[module]
            let holds = bindings.facts.moduleProgress(catalog: key.catalog, module: key.module,
                                                      difficulty: key.difficulty, at: moment).isComplete
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
            id: rule.id, at: checkpoint.time, points: rule.info.points, catalogVersion: catalogVersion(of: rule),
            cause: UnlockCause(checkpoint: checkpoint.kind, events: checkpoint.events))
        if rule.info.repeatable { repeats[rule.id, default: []].append(unlock) }
        // The first unlock (of a repeatable award: the earliest, stored or new) is the one in effect.
        guard unlocks[rule.id].map({ instant < $0.at.instant }) ?? true else { return }
        unlocks[rule.id] = unlock
        unlockedSince[award] = instant
        bindings.unlockedSince[award] = instant
        newUnlockCount += 1
    }

    private func catalogVersion(of award: AwardRule) -> Int? {
        guard case .module(let catalog, _, _) = award.criterion else { return nil }
        return replay.rules.catalogs.first { $0.id == catalog }?.version
    }

    /// The condition's value, evaluated again only when something it reads moved on.
    private mutating func conditionHolds(_ award: Int, slot: Int) -> Bool {
        if bindings.budgetSpent {
            budgetLimited.insert(replay.plans[award].rule.id)
            return false
        }
        let key = bindings.key(slot)
        if let cached = judgements[award].falseAt, cached == key {
            judgements[award].falseUntilEvents = bindings.quietUntil(slot)
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
        judgements[award].falseUntilEvents = bindings.quietUntil(slot)
        return false
    }
}
