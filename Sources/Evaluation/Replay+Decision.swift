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
    ///   - budgetLimited: awards left unjudged because the replay spent its step budget (they
    ///     are not evaluated again here).
    public func decide(_ facts: some ReplayFacts, unlocks: [String: UnlockDecision], checkpoints: [Checkpoint],
                       costLimited: Set<String>, budgetLimited: Set<String> = []) -> ReplayOutcome {
        decide(facts, unlocks: unlocks, checkpoints: checkpoints, costLimited: costLimited, budgetLimited: budgetLimited,
               folds: nil)
    }

    /// `decide`, reading the replay's fold tables (`folds`, over the same events) instead of
    /// iterating all events again wherever that gives the value as written
    /// (`PlannedExpression.readsLikeWritten`).
    func decide(_ facts: some ReplayFacts, unlocks: [String: UnlockDecision], checkpoints: [Checkpoint],
                costLimited: Set<String>, budgetLimited: Set<String>, folds: EventFoldValues?) -> ReplayOutcome {
        var facts = facts
        let now = facts.now
        let moment = FactMoment(moment: now, eventCount: facts.events.count)

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
        var report = RuleErrorReport(metrics: rules.metrics,
                                     metricValues: Dictionary(metrics.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }))

        /// An expression's value at `now`: through its plan when that reads like the written one.
        func value(of expression: RuleExpression, planned plan: PlannedExpression?) -> CELValue {
            if let plan, let tabulatedActivation, plan.readsLikeWritten(events: moment.eventCount, costLimit: costLimit) {
                return plan.program.evaluate(tabulatedActivation, costLimit: costLimit)
            }
            return expression.program.evaluate(activation, costLimit: costLimit)
        }

        /// A progress figure at `now`; an error is noted for a locked award and counts as 0.
        func number(_ expression: RuleExpression, planned plan: PlannedExpression?, for award: AwardRule,
                    what: String, judged: Bool) -> ProgressNumber {
            let figure = value(of: expression, planned: plan)
            if judged { report.note(figure, id: award.id, what: what, expression: expression) }
            switch figure {
            case .int(let v): return .int(v)
            case .uint(let v): return .int(Int64(clamping: v))
            case .double(let v): return .double(v)
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
                let conditionPlan = index < conditionPlans.count ? conditionPlans[index] : nil
                // A locked award's rules are judged at `now` (rule errors are reported); one the
                // replay's step budget left unjudged is not evaluated again.
                let unjudged = unlock == nil && budgetLimited.contains(award.id)
                let judged = unlock == nil && !unjudged
                switch award.progress {
                case _ where unjudged:
                    let target: ProgressNumber = if case .derived(_, let t, let isInt) = award.progress {
                        isInt ? .int(Int64(t)) : .double(t)
                    } else { .int(1) }
                    progress = AwardProgress(current: .int(0), target: target)
                case .measured(let current, let target):
                    if judged { report.note(value(of: condition, planned: conditionPlan), id: award.id, what: "condition", expression: condition) }
                    progress = AwardProgress(current: number(current, planned: plans.current, for: award, what: "progress current", judged: judged),
                                             target: number(target, planned: plans.target, for: award, what: "progress target", judged: judged))
                case .derived(let current, let target, let targetIsInt):
                    if judged { report.note(value(of: condition, planned: conditionPlan), id: award.id, what: "condition", expression: condition) }
                    progress = AwardProgress(current: number(current, planned: plans.current, for: award, what: "progress", judged: judged),
                                             target: targetIsInt ? .int(Int64(target)) : .double(target))
                case .binary, .module:
                    let value = value(of: condition, planned: conditionPlan)
                    if judged { report.note(value, id: award.id, what: "condition", expression: condition) }
                    let holds: Bool = if case .bool(true) = value { true } else { false }
                    progress = AwardProgress(current: .int(holds ? 1 : 0), target: .int(1))
                }
            }
            if unlock != nil {
                if keepsMaximum { progress.current = progress.current.atLeast(progress.target) }
                // Saturating: the rules bound each award's points, but a library caller may not.
                let (sum, overflow) = points.addingReportingOverflow(award.info.points)
                points = overflow ? Int.max : sum
            }
            standings.append(AwardStanding(
                id: award.id, state: unlock == nil ? .locked : .unlocked, category: award.info.category,
                unlockedAt: unlock?.at,
                progress: progress, hidden: award.info.hidden && unlock == nil,
                catalogVersion: catalogVersion, newLevels: newLevels, isStored: unlock != nil && unlock?.cause == nil))
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
        noteStreakErrors(&report, facts: facts, days: bindings[FactVariable.days.rawValue], user: bindings[FactVariable.user.rawValue])
        warnings += report.warnings(costLimit: costLimit)
        // Only locked awards: an unlocked one shows its earned progress whatever the limit.
        for award in awards where unlocks[award.id] == nil && !report.hasEntry(for: award.id) {
            if budgetLimited.contains(award.id) {
                warnings.append(EvaluationWarning(
                    code: "cost_limit", id: award.id,
                    message: "'\(award.id)': the replay of this state went over its budget of \(stepBudget(checkpoints: checkpoints.count)) steps "
                        + "(summed over every checkpoint) before it could be judged; it stays locked"))
            } else if costLimited.contains(award.id) {
                warnings.append(EvaluationWarning(
                    code: "cost_limit", id: award.id,
                    message: "evaluating '\(award.id)' went over the cost limit of \(costLimit) steps; it stays locked"))
            }
        }

        let newUnlocks = unlocks.values.filter { $0.cause != nil }.sorted {
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

    /// Notes the first error of every streak predicate: `counts` over each on-time event (as the
    /// facts judged them), `day` over each day record at `now` (a day's final facts).
    private func noteStreakErrors(_ report: inout RuleErrorReport, facts: some ReplayFacts, days: CELValue?, user: CELValue?) {
        let countsErrors = facts.streakCountsErrors
        for (index, streak) in rules.streaks.enumerated() {
            switch streak.qualification {
            case .counts(let expression):
                guard let failure = countsErrors[index] else { continue }
                report.note(.error(failure.error), id: streak.id, what: "counts", expression: expression,
                            subject: "for events[\(failure.event)]", event: failure.event)
            case .day(let expression):
                guard case .list(let list)? = days else { continue }
                for day in list.array {
                    let value = expression.program.evaluate(CELActivation(["day": day, "user": user ?? .null]), costLimit: costLimit)
                    guard case .error = value else { continue }
                    var date = ""
                    if case .map(let record) = day, case .string(let text)? = record[string: "date"] { date = " " + text }
                    report.note(value, id: streak.id, what: "day condition", expression: expression, subject: "for day" + date)
                    break
                }
            }
        }
    }
}
