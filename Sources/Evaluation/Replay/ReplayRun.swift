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
    private let gates: [AwardGate]
    /// Per award: the instant it is unlocked from (stored or new).
    private var unlockedSince: [CELTimestamp?]
    /// Awards not unlocked yet, in award order.
    private var locked: [Int]
    private var newUnlockCount = 0
    /// Stored unlocks of known awards, by `at`.
    private let storedInstants: [CELTimestamp]
    /// Per award: the stamp at which its condition was last false.
    private var falseAt: [ChannelStamp?]
    /// Per award: the event count before which its condition is known to stay false (0: none).
    private var falseUntilEvents: [Int]
    private let streakIDs: [String]
    private let modules: [(catalog: String, module: String, difficulty: String?)]

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

    init(replay: Replay, facts: Facts) {
        self.replay = replay
        checkpoints = CheckpointPlan(rules: replay.rules, facts: facts).checkpoints
        let awards = replay.awards
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

        var streakIDs: [String] = []
        var modules: [(catalog: String, module: String, difficulty: String?)] = []
        var slot = replay.metricPlans.count
        gates = awards.map { award in
            let criterion: AwardGate.Criterion
            switch award.criterion {
            case .condition:
                criterion = .condition(slot: slot)
                slot += 1
            case .milestone(let streak, let days):
                if !streakIDs.contains(streak) { streakIDs.append(streak) }
                criterion = .milestone(streak: streakIDs.firstIndex(of: streak) ?? 0, days: days)
            case .module(let catalog, let module, let difficulty):
                modules.append((catalog, module, difficulty))
                criterion = .module(modules.count - 1)
            }
            let requires = award.requires.map { index[$0] }
            return AwardGate(from: award.available?.from, until: award.available?.until,
                             requires: requires.contains(nil) ? nil : requires.compactMap { $0 }, criterion: criterion)
        }
        self.streakIDs = streakIDs
        self.modules = modules
        falseAt = Array(repeating: nil, count: awards.count)
        falseUntilEvents = Array(repeating: 0, count: awards.count)

        let first = checkpoints.first.map { FactMoment(moment: $0.time, eventCount: $0.eventCount) }
            ?? FactMoment(moment: facts.now, eventCount: facts.events.count)
        bindings = FactBindings(replay: replay, facts: facts, moment: first,
                                stepBudget: replay.stepBudget(checkpoints: checkpoints.count, days: Replay.daySpan(of: facts)))
        bindings.unlockedSince = since
    }

    mutating func walk() {
        var storedEffective = 0
        var streakCurrents = [Int?](repeating: nil, count: streakIDs.count)
        var moduleHolds = [(levels: Int, holds: Bool)?](repeating: nil, count: modules.count)
        for (position, checkpoint) in checkpoints.enumerated() {
            guard !locked.isEmpty || !repeatables.isEmpty else { break }
            let instant = checkpoint.instant
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
        if checkpoint.eventCount < falseUntilEvents[award] { return false }
        // Read in place: copying the gate out costs a retain and release per award.
        guard gates[award].isAvailable(at: instant),
              gates[award].requirementsMet(unlockedSince: unlockedSince, at: instant) else { return false }
        switch gates[award].criterion {
        case .condition(let slot):
            return conditionHolds(award, slot: slot)
        case .milestone(let streak, let days):
            let current = streakCurrents[streak] ?? bindings.facts.streakCurrent(streakIDs[streak], at: moment)
            streakCurrents[streak] = current
            return current >= days
        case .module(let module):
            if let cached = moduleHolds[module], cached.levels == levels { return cached.holds }
            let key = modules[module]
            let holds = bindings.facts.moduleProgress(catalog: key.catalog, module: key.module,
                                                      difficulty: key.difficulty, at: moment).isComplete
            moduleHolds[module] = (levels, holds)
            return holds
        }
    }

    /// Records an unlock at the checkpoint. A repeatable award's edge at the instant of one of its
    /// stored unlocks is that stored unlock, not a new one (idempotence: matched by id and `at`).
    private mutating func record(_ award: Int, at checkpoint: Checkpoint) {
        let rule = replay.awards[award]
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
            budgetLimited.insert(replay.awards[award].id)
            return false
        }
        let key = bindings.key(slot)
        if let cached = falseAt[award], cached == key {
            falseUntilEvents[award] = bindings.quietUntil(slot)
            return false
        }
        switch bindings.evaluate(slot, unlocks: unlocks) {
        case .bool(true):
            return true
        case .error(let error) where error.kind == .costLimitExceeded:
            if bindings.budgetSpent {
                budgetLimited.insert(replay.awards[award].id)
                return false
            }
            costLimited.insert(replay.awards[award].id)
        default:
            break
        }
        // Only a false (or failed) condition is worth remembering: a true one unlocks the award.
        falseAt[award] = key
        falseUntilEvents[award] = bindings.quietUntil(slot)
        return false
    }
}
