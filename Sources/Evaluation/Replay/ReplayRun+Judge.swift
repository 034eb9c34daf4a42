import CEL
import Facts
import RuleModel

// Judging one award at one checkpoint, and recording its unlock.
extension ReplayRun where Facts: ReplayFacts {
    /// Whether an award's gates and criterion hold at the checkpoint.
    @inline(__always)
    mutating func judge(_ award: Int, checkpoint: Checkpoint, moment: FactMoment, levels: Int,
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
    mutating func record(_ award: Int, at checkpoint: Checkpoint) {
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
    static func catalogVersion(of award: AwardRule, in catalogs: [CatalogRule]) -> Int? {
        guard case .module(let module) = award.criterion else { return nil }
        return catalogs.first { $0.id == module.catalog }?.version
    }

    /// The condition's value, evaluated again only when something it reads moved on.
    mutating func conditionHolds(_ award: Int, slot: Int) -> Bool {
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
    mutating func streakCurrent(_ streak: Int, at moment: FactMoment, answers: inout StreakAnswers) -> Int {
        answers.current(streak) {
            bindings.facts.streakCurrent(replay.streakIDs[streak], ruleIndex: replay.streakRuleIndices[streak], at: moment)
        }
    }

    /// Notes until when a threshold on a streak's `current`, `longest` or `total_days` (from
    /// below: `>=`, `>`, a milestone) stays false: until the streak can next rise
    /// (`ReplayFacts.streakRiseEventCount`), when the facts can tell.
    @inline(never)
    mutating func noteStreakQuiet(_ award: Int, streak: Int, moment: FactMoment, answers: inout StreakAnswers) {
        guard let ruleIndex = replay.streakRuleIndices[streak],
              let until = answers.riseEventCount(streak, { bindings.facts.streakRiseEventCount(ruleIndex, at: moment) })
        else { return }
        judgements[award].falseUntilEvents = until
        judgements[award].falseWhileUnlocks = nil
    }

    /// Notes until when a false condition stays false: its folds' next change point, and for one
    /// that also reads `achievements`, as long as no award unlocks.
    mutating func noteQuiet(_ award: Int, slot: Int) {
        let quiet = bindings.quietUntil(slot)
        judgements[award].falseUntilEvents = quiet.events
        judgements[award].falseWhileUnlocks = quiet.untilUnlocks ? changes.unlocksInEffect : nil
    }
}
