import CEL
import Facts
import Rules

extension Replay {
    /// Builds the decision at `now` from the unlocks a replay found: progress, points, rank, streaks
    /// and warnings. It evaluates the rules as written, once, on the facts at `now`; a reference
    /// evaluator can share it.
    ///
    /// - Parameters:
    ///   - unlocks: every unlock in effect (stored ones with `cause == nil`).
    ///   - costLimited: awards whose condition ran over the cost limit while locked.
    ///   - repeats: the new unlocks of repeatable awards, every one (docs/evaluation.md,
    ///     "Repeatable awards"); their stored unlocks come from the facts.
    public func decide(_ facts: some ReplayFacts, unlocks: [String: UnlockDecision], checkpoints: [Checkpoint],
                       costLimited: Set<String>, repeats: [String: [UnlockDecision]] = [:]) -> ReplayOutcome {
        decide(facts, unlocks: unlocks, checkpoints: checkpoints, costLimited: costLimited, folds: nil, repeats: repeats)
    }

    /// `decide`, reading the replay's fold tables (`folds`, over the same events) instead of
    /// iterating all events again wherever that gives the value as written
    /// (`PlannedExpression.readsLikeWritten`).
    func decide(_ facts: some ReplayFacts, unlocks: [String: UnlockDecision], checkpoints: [Checkpoint],
                costLimited: Set<String>, folds: EventFoldValues?, repeats: [String: [UnlockDecision]] = [:]) -> ReplayOutcome {
        var facts = facts
        let now = facts.now
        let moment = FactMoment(moment: now, eventCount: facts.events.count)
        var costLimited = costLimited

        var bindings: [String: CELValue] = [:]
        for variable in FactVariable.allCases where variable != .metrics && variable != .achievements {
            bindings[variable.rawValue] = facts.variable(variable, at: moment)
        }
        bindings[FactVariable.achievements.rawValue] = achievementsValue(unlocks, at: now.instant)
        // The same bindings with every fold's value after all events, for the planned programs.
        var tabulated: [String: CELValue]? = folds.map { folds in
            var values = bindings
            for k in self.folds.indices { values[self.folds[k].variable] = folds.value(k, events: moment.eventCount) }
            return values
        }
        var metrics: [(key: String, value: CELValue)] = []
        for (position, metric) in rules.metrics.enumerated() {
            let record = CELValue.map(CELMap(strings: metrics))
            bindings[FactVariable.metrics.rawValue] = record
            tabulated?[FactVariable.metrics.rawValue] = record
            let plan = position < metricPlans.count ? metricPlans[position] : nil
            let value: CELValue
            if let plan, let tabulated, plan.readsLikeWritten(events: moment.eventCount, costLimit: costLimit) {
                value = plan.program.evaluate(CELActivation(tabulated), costLimit: costLimit)
            } else {
                value = metric.expression.program.evaluate(CELActivation(bindings), costLimit: costLimit)
            }
            metrics.append((metric.id, value))
        }
        let record = CELValue.map(CELMap(strings: metrics))
        bindings[FactVariable.metrics.rawValue] = record
        tabulated?[FactVariable.metrics.rawValue] = record
        let activation = CELActivation(bindings)
        let tabulatedActivation = tabulated.map(CELActivation.init)

        /// An expression's value at `now`: through its plan when that reads like the written one.
        func value(of expression: RuleExpression, planned plan: PlannedExpression?) -> CELValue {
            if let plan, let tabulatedActivation, plan.readsLikeWritten(events: moment.eventCount, costLimit: costLimit) {
                return plan.program.evaluate(tabulatedActivation, costLimit: costLimit)
            }
            return expression.program.evaluate(activation, costLimit: costLimit)
        }

        func number(_ expression: RuleExpression, planned plan: PlannedExpression?, for award: AwardRule) -> ProgressNumber {
            switch value(of: expression, planned: plan) {
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
        for (index, award) in awards.enumerated() {
            let unlock = unlocks[award.id]
            var progress: AwardProgress
            var catalogVersion: Int?
            var newLevels: Int?
            var keepsMaximum = true
            switch award.criterion {
            case .milestone(let streak, let days):
                progress = AwardProgress(current: .int(Int64(facts.streakCurrent(streak, at: moment))), target: .int(Int64(days)))
            case .module(let catalogID, let module, let difficulty):
                let measured = facts.moduleProgress(catalog: catalogID, module: module, difficulty: difficulty, at: moment)
                progress = AwardProgress(current: .int(Int64(measured.done)), target: .int(Int64(measured.total)))
                catalogVersion = unlock?.catalogVersion
                if let recorded = unlock?.catalogVersion, let catalog = rules.catalogs.first(where: { $0.id == catalogID }),
                   recorded < catalog.version {
                    // The catalog grew since the unlock: it stays unlocked, showing done of the new total.
                    keepsMaximum = false
                    let added = catalog.levels.filter {
                        $0.module == module && $0.counts && $0.release > recorded && $0.release <= catalog.version
                    }.count
                    newLevels = added > 0 ? added : nil
                }
            case .condition(let condition):
                let plans: (current: PlannedExpression?, target: PlannedExpression?) = index < progressPlans.count ? progressPlans[index] : (nil, nil)
                switch award.progress {
                case .measured(let current, let target):
                    progress = AwardProgress(current: number(current, planned: plans.current, for: award),
                                             target: number(target, planned: plans.target, for: award))
                case .derived(let current, let target, let targetIsInt):
                    progress = AwardProgress(current: number(current, planned: plans.current, for: award),
                                             target: targetIsInt ? .int(Int64(target)) : .double(target))
                case .binary, .module:
                    let value = value(of: condition, planned: index < conditionPlans.count ? conditionPlans[index] : nil)
                    if case .error(let error) = value, error.kind == CELError.Kind.costLimitExceeded { costLimited.insert(award.id) }
                    let holds: Bool = if case .bool(true) = value { true } else { false }
                    progress = AwardProgress(current: .int(holds ? 1 : 0), target: .int(1))
                }
            }
            // A repeatable award counts each unlock, stored and new.
            let times = award.info.repeatable
                ? facts.storedUnlocks.filter { $0.id == award.id }.count + (repeats[award.id]?.count ?? 0) : 1
            if unlock != nil {
                if keepsMaximum { progress.current = progress.current.atLeast(progress.target) }
                for _ in 0..<times { points += award.info.points }
            }
            standings.append(AwardStanding(
                id: award.id, state: unlock == nil ? .locked : .unlocked, category: award.info.category,
                unlockedAt: unlock?.at,
                progress: progress, hidden: award.info.hidden && unlock == nil,
                catalogVersion: catalogVersion, newLevels: newLevels, isStored: unlock != nil && unlock?.cause == nil,
                times: award.info.repeatable ? (unlock == nil ? 0 : times) : nil))
        }

        var warnings = facts.warnings(at: moment)
        let known = Set(awards.map(\.id))
        var warned: Set<String> = []
        for stored in facts.storedUnlocks where !known.contains(stored.id) && !warned.contains(stored.id) {
            warned.insert(stored.id)
            warnings.append(EvaluationWarning(
                code: "unknown_achievement",
                message: "stored unlock '\(stored.id)' names no achievement or milestone in the rules; it is kept"))
        }
        // Only locked awards: an unlocked one shows its earned progress whatever the limit.
        for award in awards where costLimited.contains(award.id) && unlocks[award.id] == nil {
            warnings.append(EvaluationWarning(
                code: "cost_limit",
                message: "evaluating '\(award.id)' went over the cost limit of \(costLimit) steps; it stays locked"))
        }

        let newUnlocks = (unlocks.values.filter { $0.cause != nil && repeats[$0.id] == nil } + repeats.values.joined()).sorted {
            $0.at.instant != $1.at.instant ? $0.at.instant < $1.at.instant : $0.id < $1.id
        }
        let decision = Decision(
            user: facts.userID, now: now, unlocks: newUnlocks, achievements: standings,
            streaks: facts.streakStandings(at: moment), points: points,
            rank: RankStanding.standing(points: points, ranks: rules.ranks), warnings: warnings)
        return ReplayOutcome(decision: decision, checkpoints: checkpoints, unlocks: unlocks, bindingsAtNow: bindings)
    }

    /// `achievements` at an instant: every award with `unlocked` and, once unlocked, `unlocked_at`;
    /// a stored unlock counts from its `at`.
    func achievementsValue(_ unlocks: [String: UnlockDecision], at instant: CELTimestamp, only scope: [Int]? = nil) -> CELValue {
        var entries: [(key: String, value: CELValue)] = []
        entries.reserveCapacity(scope?.count ?? awards.count)
        // By index: iterating the awards themselves would copy each rule (and retain its programs).
        for index in scope ?? Array(awards.indices) {
            let id = awards[index].id
            if let unlock = unlocks[id], unlock.at.instant <= instant {
                entries.append((id, .map(CELMap(strings: [("unlocked", .bool(true)),
                                                          ("unlocked_at", .timestamp(unlock.at.instant))]))))
            } else {
                entries.append((id, Self.lockedRecord))
            }
        }
        return .map(CELMap(strings: entries))
    }

    /// The `achievements` record of every locked award (shared).
    static let lockedRecord = CELValue.map(CELMap(strings: [("unlocked", .bool(false))]))
}
