import CEL
import Rules

extension Replay {
    /// Builds the decision at `now` from the unlocks a replay found: progress, points, rank, streaks
    /// and warnings. Public so that a reference evaluator can share it.
    ///
    /// - Parameters:
    ///   - unlocks: every unlock in effect (stored ones with `cause == nil`).
    ///   - costLimited: awards whose condition ran over the cost limit while locked.
    public func decide(_ facts: some ReplayFacts, unlocks: [String: UnlockDecision], checkpoints: [Checkpoint],
                       costLimited: Set<String>) -> ReplayOutcome {
        let moment = FactMoment(instant: facts.now.instant, eventCount: facts.timeline.count)
        let events: [CELValue] = if case .list(let list) = facts.variable(.events, at: moment) { list.array } else { [] }
        var bindings = FactBindings(replay: self, facts: facts, moment: moment, events: events)
        return decide(facts, bindings: &bindings, unlocks: unlocks, checkpoints: checkpoints, costLimited: costLimited)
    }

    func decide<Facts: ReplayFacts>(_ facts: Facts, bindings: inout FactBindings<Facts>, unlocks: [String: UnlockDecision],
                                    checkpoints: [Checkpoint], costLimited: Set<String>) -> ReplayOutcome {
        let now = facts.now
        let moment = FactMoment(instant: now.instant, eventCount: facts.timeline.count)
        if bindings.moment != moment {
            var stamp = bindings.stamp
            stamp.events = moment.eventCount
            stamp.clock += 1
            bindings.advance(to: moment, stamp: stamp)
        }
        var costLimited = costLimited
        let bindingsAtNow = bindings.allBindings(unlocks: unlocks)
        let activation = CELActivation(bindingsAtNow)

        func number(_ expression: RuleExpression, for award: AwardRule) -> ProgressNumber {
            let value = expression.program.evaluate(activation, costLimit: costLimit)
            switch value {
            case .int(let v): return .int(v)
            case .uint(let v): return .int(Int64(clamping: v))
            case .double(let v): return .double(v)
            case .error(let error) where error.kind == CELError.Kind.costLimitExceeded:
                costLimited.insert(award.id)
                return .int(0)
            default: return .int(0)
            }
        }

        var standings: [AwardStanding] = []
        var points = 0
        for award in awards {
            let unlock = unlocks[award.id]
            var progress: AwardProgress
            var catalogVersion: Int?
            var newLevels: Int?
            var earnedKeepsMaximum = true
            switch award.criterion {
            case .milestone(let streak, let days):
                progress = AwardProgress(current: .int(Int64(facts.streakCurrent(streak, at: moment))), target: .int(Int64(days)))
            case .module(let catalogID, let module, let difficulty):
                let measured = facts.moduleProgress(catalog: catalogID, module: module, difficulty: difficulty, at: moment)
                progress = AwardProgress(current: .int(Int64(measured.done)), target: .int(Int64(measured.total)))
                if let unlock, let recorded = unlock.catalogVersion,
                   let catalog = rules.catalogs.first(where: { $0.id == catalogID }) {
                    catalogVersion = recorded
                    if recorded < catalog.version {
                        // The catalog grew since the unlock: show done of the new total.
                        earnedKeepsMaximum = false
                        let added = catalog.levels.filter {
                            $0.module == module && $0.counts && $0.release > recorded && $0.release <= catalog.version
                        }.count
                        newLevels = added > 0 ? added : nil
                    }
                } else if let unlock {
                    catalogVersion = unlock.catalogVersion
                }
            case .condition(let condition):
                switch award.progress {
                case .measured(let current, let target):
                    progress = AwardProgress(current: number(current, for: award), target: number(target, for: award))
                case .derived(let current, let target, let targetIsInt):
                    progress = AwardProgress(current: number(current, for: award),
                                             target: targetIsInt ? .int(Int64(target)) : .double(target))
                case .binary, .module:
                    let value = condition.program.evaluate(activation, costLimit: costLimit)
                    if case .error(let error) = value, error.kind == CELError.Kind.costLimitExceeded { costLimited.insert(award.id) }
                    let holds: Bool = if case .bool(true) = value { true } else { false }
                    progress = AwardProgress(current: .int(holds ? 1 : 0), target: .int(1))
                }
            }
            if unlock != nil, earnedKeepsMaximum {
                progress.current = progress.current.atLeast(progress.target)
            }
            if unlock != nil { points += award.info.points }
            standings.append(AwardStanding(
                id: award.id, state: unlock == nil ? .locked : .unlocked, unlockedAt: unlock?.at,
                progress: progress, hidden: award.info.hidden && unlock == nil,
                catalogVersion: catalogVersion, newLevels: newLevels, isStored: unlock != nil && unlock?.cause == nil))
        }

        var warnings = facts.warnings
        let known = Set(awards.map(\.id))
        var warned: Set<String> = []
        for stored in facts.storedUnlocks where !known.contains(stored.id) && !warned.contains(stored.id) {
            warned.insert(stored.id)
            warnings.append(EvaluationWarning(
                code: "unknown_achievement",
                message: "stored unlock '\(stored.id)' names no achievement or milestone in the rules; it is kept"))
        }
        for award in awards where costLimited.contains(award.id) {
            warnings.append(EvaluationWarning(
                code: "cost_limit",
                message: "evaluating '\(award.id)' went over the cost limit of \(costLimit) steps; it stays locked"))
        }

        let newUnlocks = unlocks.values.filter { $0.cause != nil }.sorted {
            $0.at.instant != $1.at.instant ? $0.at.instant < $1.at.instant : $0.id < $1.id
        }
        let decision = Decision(
            user: facts.userID, now: now, unlocks: newUnlocks, achievements: standings,
            streaks: facts.streakStandings(at: moment), points: points,
            rank: RankStanding.standing(points: points, ranks: rules.ranks), warnings: warnings)
        return ReplayOutcome(decision: decision, checkpoints: checkpoints, unlocks: unlocks, bindingsAtNow: bindingsAtNow)
    }
}
