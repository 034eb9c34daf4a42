import Facts
import CEL
import Rules

/// The mutable state of one replay: the unlocks so far, and for every condition the stamp of
/// what it read when it was last found false.
struct ReplayRun<Facts: ReplayFacts> {
    let replay: Replay
    let checkpoints: [Checkpoint]
    /// Every unlock in effect: the stored ones from the start, new ones as they happen.
    private(set) var unlocks: [String: UnlockDecision] = [:]
    /// Awards whose condition ran over the cost limit while locked.
    private(set) var costLimited: Set<String> = []
    private(set) var bindings: FactBindings<Facts>
    private var newUnlockCount = 0
    /// Stored unlocks of known awards, by `at`.
    private let storedInstants: [CELTimestamp]
    /// Per award: its expression slot in `bindings` (conditions only).
    private let conditionSlots: [Int?]
    /// Per award: the stamp at which its condition was last false.
    private var falseAt: [ChannelStamp?]

    init(replay: Replay, facts: Facts) {
        self.replay = replay
        checkpoints = CheckpointPlan(rules: replay.rules, facts: facts).checkpoints
        var unlocks: [String: UnlockDecision] = [:]
        for stored in facts.storedUnlocks where unlocks[stored.id] == nil {
            let points = replay.awards.first { $0.id == stored.id }?.info.points ?? 0
            unlocks[stored.id] = UnlockDecision(id: stored.id, at: stored.at, points: points,
                                                catalogVersion: stored.catalogVersion)
        }
        self.unlocks = unlocks
        let known = Set(replay.awards.map(\.id))
        storedInstants = unlocks.values.filter { known.contains($0.id) }.map(\.at.instant).sorted()
        let first = checkpoints.first.map { FactMoment(moment: $0.time, eventCount: $0.eventCount) }
            ?? FactMoment(moment: facts.now, eventCount: facts.events.count)
        bindings = FactBindings(replay: replay, facts: facts, moment: first)
        var slot = replay.metricPlans.count
        conditionSlots = replay.conditionPlans.map { plan in
            guard plan != nil else { return nil }
            defer { slot += 1 }
            return slot
        }
        falseAt = Array(repeating: nil, count: replay.awards.count)
    }

    mutating func walk() {
        var storedEffective = 0
        var streakCurrents: [String: Int] = [:]
        var modules: [String: (levels: Int, holds: Bool)] = [:]
        for (position, checkpoint) in checkpoints.enumerated() {
            let moment = FactMoment(moment: checkpoint.time, eventCount: checkpoint.eventCount)
            while storedEffective < storedInstants.count, storedInstants[storedEffective] <= checkpoint.instant {
                storedEffective += 1
            }
            let levels = bindings.facts.levelsStamp(at: moment)
            bindings.advance(to: moment, stamp: ChannelStamp(
                events: checkpoint.eventCount, levels: levels, clock: position + 1,
                storedUnlocks: storedEffective, newUnlocks: newUnlockCount))
            streakCurrents.removeAll(keepingCapacity: true)
            // Unlocks of one pass become visible to the next, until nothing more unlocks here.
            while true {
                var unlocking: [AwardRule] = []
                for (index, award) in replay.awards.enumerated() where unlocks[award.id] == nil {
                    guard award.isAvailable(at: checkpoint.instant),
                          award.requires.allSatisfy({ isUnlocked($0, at: checkpoint.instant) })
                    else { continue }
                    let holds: Bool
                    switch award.criterion {
                    case .condition:
                        holds = conditionHolds(index)
                    case .milestone(let streak, let days):
                        let current = streakCurrents[streak] ?? bindings.facts.streakCurrent(streak, at: moment)
                        streakCurrents[streak] = current
                        holds = current >= days
                    case .module(let catalog, let module, let difficulty):
                        let key = "\(catalog)\u{1}\(module)\u{1}\(difficulty ?? "")"
                        if let cached = modules[key], cached.levels == levels {
                            holds = cached.holds
                        } else {
                            let progress = bindings.facts.moduleProgress(catalog: catalog, module: module,
                                                                difficulty: difficulty, at: moment)
                            holds = progress.isComplete
                            modules[key] = (levels, holds)
                        }
                    }
                    if holds { unlocking.append(award) }
                }
                if unlocking.isEmpty { break }
                for award in unlocking {
                    unlocks[award.id] = UnlockDecision(
                        id: award.id, at: checkpoint.time, points: award.info.points,
                        catalogVersion: catalogVersion(of: award),
                        cause: UnlockCause(checkpoint: checkpoint.kind, events: checkpoint.events))
                    newUnlockCount += 1
                }
                bindings.unlocksChanged(stored: storedEffective, new: newUnlockCount)
            }
        }
    }

    private func isUnlocked(_ id: String, at instant: CELTimestamp) -> Bool {
        guard let unlock = unlocks[id] else { return false }
        return unlock.at.instant <= instant
    }

    private func catalogVersion(of award: AwardRule) -> Int? {
        guard case .module(let catalog, _, _) = award.criterion else { return nil }
        return replay.rules.catalogs.first { $0.id == catalog }?.version
    }

    /// The condition's value, evaluated again only when something it reads moved on.
    private mutating func conditionHolds(_ index: Int) -> Bool {
        guard let slot = conditionSlots[index] else { return false }
        let key = bindings.key(slot)
        if let cached = falseAt[index], cached == key { return false }
        switch bindings.evaluate(slot, unlocks: unlocks) {
        case .bool(true):
            return true
        case .error(let error) where error.kind == .costLimitExceeded:
            costLimited.insert(replay.awards[index].id)
        default:
            break
        }
        // Only a false (or failed) condition is worth remembering: a true one unlocks the award.
        falseAt[index] = key
        return false
    }
}
