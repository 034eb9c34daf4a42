import CEL
import Rules

/// The mutable state of one replay: the unlocks so far and the last value of every condition with
/// the channel stamp it was computed at.
struct ReplayRun<Facts: ReplayFacts> {
    let replay: Replay
    let facts: Facts
    let checkpoints: [Checkpoint]
    /// Every unlock in effect: the stored ones from the start, new ones as they happen.
    private(set) var unlocks: [String: UnlockDecision] = [:]
    /// Awards whose condition ran over the cost limit while locked.
    private(set) var costLimited: Set<String> = []
    private var newUnlockCount = 0
    /// Stored unlocks of known awards, by `at`.
    private let storedInstants: [CELTimestamp]
    private var conditionCache: [ChannelStamp?]
    private let conditionChannels: [FactChannels]

    init(replay: Replay, facts: Facts) {
        self.replay = replay
        self.facts = facts
        checkpoints = CheckpointPlan(rules: replay.rules, facts: facts).checkpoints
        let known = Set(replay.awards.map(\.id))
        var unlocks: [String: UnlockDecision] = [:]
        for stored in facts.storedUnlocks where unlocks[stored.id] == nil {
            let points = replay.awards.first { $0.id == stored.id }?.info.points ?? 0
            unlocks[stored.id] = UnlockDecision(id: stored.id, at: stored.at, points: points,
                                                catalogVersion: stored.catalogVersion)
        }
        self.unlocks = unlocks
        storedInstants = unlocks.values.filter { known.contains($0.id) }.map(\.at.instant).sorted()
        conditionCache = Array(repeating: nil, count: replay.awards.count)
        conditionChannels = replay.awards.map { replay.channels(of: $0.inputs) }
    }

    mutating func walk() {
        guard let first = checkpoints.first else { return }
        var bindings = FactBindings(replay: replay, facts: facts,
                                    moment: FactMoment(instant: first.instant, eventCount: first.eventCount))
        var storedEffective = 0
        var streakCurrents: [String: Int] = [:]
        var modules: [String: (stamp: Int, holds: Bool)] = [:]
        for (position, checkpoint) in checkpoints.enumerated() {
            let moment = FactMoment(instant: checkpoint.instant, eventCount: checkpoint.eventCount)
            while storedEffective < storedInstants.count, storedInstants[storedEffective] <= checkpoint.instant {
                storedEffective += 1
            }
            let stamp = ChannelStamp(events: checkpoint.eventCount, levels: facts.levelsStamp(at: moment),
                                     clock: position + 1, storedUnlocks: storedEffective, newUnlocks: newUnlockCount)
            bindings.advance(to: moment, stamp: stamp)
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
                    case .condition(let expression):
                        holds = conditionHolds(index, expression, award: award, bindings: &bindings)
                    case .milestone(let streak, let days):
                        let current = streakCurrents[streak] ?? facts.streakCurrent(streak, at: moment)
                        streakCurrents[streak] = current
                        holds = current >= days
                    case .module(let catalog, let module, let difficulty):
                        let key = "\(catalog)\u{1}\(module)\u{1}\(difficulty ?? "")"
                        if let cached = modules[key], cached.stamp == stamp.levels {
                            holds = cached.holds
                        } else {
                            let progress = facts.moduleProgress(catalog: catalog, module: module,
                                                                difficulty: difficulty, at: moment)
                            holds = progress.total > 0 && progress.done >= progress.total
                            modules[key] = (stamp.levels, holds)
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

    /// The condition's value, evaluated again only when a channel it reads moved on.
    private mutating func conditionHolds(_ index: Int, _ expression: RuleExpression, award: AwardRule,
                                         bindings: inout FactBindings<Facts>) -> Bool {
        let key = bindings.stamp.masked(by: conditionChannels[index])
        if let cached = conditionCache[index], cached == key { return false }
        let values = bindings.bindings(for: award.inputs, unlocks: unlocks)
        let value = expression.program.evaluate(CELActivation(values), costLimit: replay.costLimit)
        switch value {
        case .bool(true):
            return true
        case .error(let error) where error.kind == .costLimitExceeded:
            costLimited.insert(award.id)
        default:
            break
        }
        // Only a false (or failed) condition is worth remembering: a true one unlocks the award.
        conditionCache[index] = key
        return false
    }
}
