import CEL
import Facts
import RuleModel

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
    ///   - repeats: the new unlocks of repeatable awards, every one (docs/evaluation.md,
    ///     "Repeatable awards"); their stored unlocks come from the facts.
    package func decide(_ facts: some ReplayFacts, unlocks: [String: UnlockDecision], checkpoints: [Checkpoint],
                       costLimited: Set<String>, budgetLimited: Set<String> = [],
                       repeats: [String: [UnlockDecision]] = [:]) -> ReplayOutcome {
        decide(facts, found: ReplayFindings(unlocks: unlocks, checkpoints: checkpoints, costLimited: costLimited,
                                            budgetLimited: budgetLimited, repeats: repeats))
    }

    /// `decide`, reading the replay's fold tables (`found.folds`, over the same events) instead of
    /// iterating all events again wherever that gives the value as written
    /// (`PlannedExpression.readsLikeWritten`).
    /// `keepsBindings`: fill `ReplayOutcome.bindingsAtNow` (else it is empty, and only what the
    /// rules read at `now` is built).
    func decide(_ facts: some ReplayFacts, found: ReplayFindings, keepsBindings: Bool = true) -> ReplayOutcome {
        var facts = facts
        return decide(&facts, found: found, keepsBindings: keepsBindings)
    }

    /// `decide`, moving `facts` on to `now` (what a replay that is done with them asks).
    func decide(_ facts: inout some ReplayFacts, found: ReplayFindings, keepsBindings: Bool = true) -> ReplayOutcome {
        let moment = FactMoment(moment: facts.now, eventCount: facts.events.count)
        let values = ValuesAtNow(replay: self, facts: &facts, unlocks: found.unlocks, folds: found.folds,
                                 keepsBindings: keepsBindings)
        var report = RuleErrorReport(metrics: rules.metrics, metricValues: values.metrics)
        var standings: [AwardStanding] = []
        standings.reserveCapacity(plans.count)
        var points = 0
        for index in plans.indices {
            let standing = self.standing(index, found: found, values: values, facts: &facts, moment: moment, report: &report)
            if standing.state == .unlocked {
                // Saturating: the rules bound each award's points, but a library caller may not.
                // A repeatable award's points count once per unlock.
                for _ in 0..<(standing.times ?? 1) {
                    let (sum, overflow) = points.addingReportingOverflow(plans[index].rule.info.points)
                    points = overflow ? Int.max : sum
                }
            }
            standings.append(standing)
        }
        let shown = shownMetrics(values, offsetSeconds: facts.now.offsetSeconds, report: &report)
        let upcoming = upcoming(&facts, unlocks: found.unlocks)
        let reminders = dueReminders(upcoming, facts: facts, values: values, report: &report)
        let warnings = warnings(found, facts: &facts, moment: moment, values: values, report: &report)
        var decision = Decision(
            user: facts.userID, now: facts.now, unlocks: Self.newUnlocks(found), achievements: standings,
            streaks: facts.streakStandings(at: moment), points: points,
            rank: RankStanding.standing(points: points, ranks: rules.ranks), metrics: shown, warnings: warnings)
        (decision.upcoming, decision.reminders) = (upcoming, reminders)
        var outcome = ReplayOutcome(decision: decision, checkpoints: found.checkpoints, unlocks: found.unlocks,
                                    bindingsAtNow: values.bindings)
        outcome.stepsUsed = found.stepsUsed
        return outcome
    }

    /// The metrics with `show: true` and their values at `now` (docs/evaluation.md, "Shown
    /// metrics"); an error is null, noted in `report`.
    private func shownMetrics(_ values: ValuesAtNow, offsetSeconds: Int, report: inout RuleErrorReport) -> [ShownMetric] {
        guard rules.metrics.contains(where: \.show) else { return [] }
        var shown: [ShownMetric] = []
        for (metric, value) in zip(rules.metrics, values.metrics) where metric.show {
            report.note(value.value, id: metric.id, what: "value", expression: metric.expression, key: "metrics." + metric.id)
            shown.append(ShownMetric(id: metric.id, value: ShownMetric.json(value.value, offsetSeconds: offsetSeconds)))
        }
        return shown
    }

    /// The new unlocks in time order (equal instants by id), every unlock of a repeatable award.
    private static func newUnlocks(_ found: ReplayFindings) -> [UnlockDecision] {
        let unlocks = found.unlocks.values.filter { $0.cause != nil && found.repeats[$0.id] == nil } + found.repeats.values.joined()
        // Positions are sorted, not decisions: a sort moves its elements, and moving a decision
        // copies and destroys each of its parts.
        let keys = unlocks.map { (instant: $0.at.instant, id: $0.id) }
        let order = keys.indices.sorted {
            keys[$0].instant != keys[$1].instant ? keys[$0].instant < keys[$1].instant : keys[$0].id < keys[$1].id
        }
        return order.map { unlocks[$0] }
    }

    /// The decision's warnings: the facts' own, stored unlocks of unknown awards, rule errors
    /// (the awards' noted in `report` by their standings, then the streaks'), and the cost limits.
    private func warnings(_ found: ReplayFindings, facts: inout some ReplayFacts, moment: FactMoment, values: ValuesAtNow,
                          report: inout RuleErrorReport) -> [EvaluationWarning] {
        // The state's events against the plan first: they describe what the app sent.
        var warnings = planCheck?.warnings(facts.writtenEvents) ?? []
        warnings += facts.warnings(at: moment)
        var warned: Set<String> = []
        for stored in facts.storedUnlocks where awardPositions[stored.id] == nil && !warned.contains(stored.id) {
            warned.insert(stored.id)
            warnings.append(EvaluationWarning(
                code: "unknown_achievement",
                message: "stored unlock '\(stored.id)' names no achievement or milestone in the rules; it is kept"))
        }
        noteStreakErrors(&report, facts: facts, days: values.variable(.days), user: values.variable(.user))
        warnings += report.warnings(costLimit: costLimit)
        warnings += limitWarnings(found, reported: report,
                                  budget: stepBudget(checkpoints: found.checkpoints.count, days: Self.daySpan(of: facts)))
        return warnings
    }

    /// Where award `index` stands at `now`; for a locked one, notes its rule errors in `report`.
    private func standing(_ index: Int, found: ReplayFindings, values: ValuesAtNow, facts: inout some ReplayFacts,
                          moment: FactMoment, report: inout RuleErrorReport) -> AwardStanding {
        let award = plans[index].rule
        // The unlock's few fields, read once: each optional chain on the whole decision copied it.
        let (isUnlocked, unlockedAt, unlockVersion, isStored): (Bool, Moment?, Int?, Bool) =
            if let unlock = found.unlocks[award.id] { (true, unlock.at, unlock.catalogVersion, unlock.cause == nil) }
            else { (false, nil, nil, false) }
        var progress: AwardProgress
        var catalogVersion: Int?
        var newLevels: Int?
        var keepsMaximum = true
        /// Whether the criterion holds at `now` (for `waiting_for`).
        var criterionHolds = false
        switch award.criterion {
        case .milestone(let streak, let days):
            let counted = CountedStanding.milestone(streak: streak, days: days, facts: &facts, at: moment)
            (progress, criterionHolds) = (counted.progress, counted.holds)
        case .module(let module):
            let counted = CountedStanding.module(module, facts: &facts, at: moment, unlockVersion: unlockVersion,
                                                 catalogs: rules.catalogs)
            (progress, criterionHolds, keepsMaximum, newLevels) =
                (counted.progress, counted.holds, counted.keepsMaximum, counted.newLevels)
            catalogVersion = unlockVersion
        case .condition(let condition):
            (progress, criterionHolds) = conditionProgress(index, condition: condition, locked: !isUnlocked, values: values,
                                                           budgetLimited: found.budgetLimited, report: &report)
        }
        if isUnlocked, keepsMaximum { progress.current = progress.current.atLeast(progress.target) }
        // Locked only by `requires`: name what it waits for instead of showing a full bar.
        var waitingFor: [String]?
        if !isUnlocked, criterionHolds {
            let missing = award.requires.filter { found.unlocks[$0] == nil }
            if !missing.isEmpty { waitingFor = missing }
        }
        // A repeatable award counts each unlock, stored and new.
        let times = award.info.repeatable
            ? facts.storedUnlocks.filter { $0.id == award.id }.count + (found.repeats[award.id]?.count ?? 0) : 1
        return AwardStanding(
            id: award.id, state: isUnlocked ? .unlocked : .locked, category: award.info.category,
            unlockedAt: unlockedAt,
            progress: progress, hidden: award.info.hidden && !isUnlocked,
            catalogVersion: catalogVersion, newLevels: newLevels, isStored: isStored,
            times: award.info.repeatable ? (isUnlocked ? times : 0) : nil, waitingFor: waitingFor)
    }

    /// The progress at `now` of an award with a condition, and whether the condition holds. A
    /// locked award's condition and progress are judged (their errors noted); one the replay's
    /// step budget left unjudged is not evaluated again.
    private func conditionProgress(_ index: Int, condition: RuleExpression, locked: Bool, values: ValuesAtNow,
                                   budgetLimited: Set<String>, report: inout RuleErrorReport) -> (AwardProgress, Bool) {
        // Read in place: copying the plan out retained each of its strings and programs.
        let id = plans[index].rule.id
        // Looked up only when some award hit the budget: even an empty set hashes the id.
        if locked, !budgetLimited.isEmpty, budgetLimited.contains(id) {
            let target: ProgressNumber = if case .derived(_, let t, let isInt) = plans[index].rule.progress {
                .target(t, isInt: isInt)
            } else { .int(1) }
            return (AwardProgress(current: .int(0), target: target), false)
        }
        let conditionValue = values.value(of: condition, planned: plans[index].condition)
        if locked { report.note(conditionValue, id: id, what: "condition", expression: condition) }
        let holds: Bool = if case .bool(true) = conditionValue { true } else { false }
        // Only a locked award's progress errors are noted (the report is not copied to tell).
        switch plans[index].rule.progress {
        case .measured(let current, let target):
            return (AwardProgress(current: values.number(current, planned: plans[index].progressCurrent, id: id, what: "progress current",
                                                         report: &report, noting: locked),
                                  target: values.number(target, planned: plans[index].progressTarget, id: id, what: "progress target",
                                                        report: &report, noting: locked)),
                    holds)
        case .derived(let current, let target, let targetIsInt):
            return (AwardProgress(current: values.number(current, planned: plans[index].progressCurrent, id: id, what: "progress",
                                                         report: &report, noting: locked),
                                  target: .target(target, isInt: targetIsInt)), holds)
        case .binary, .module:
            return (AwardProgress(current: .int(holds ? 1 : 0), target: .int(1)), holds)
        }
    }

    /// `cost_limit` for the locked awards the replay could not judge that have no rule warning yet.
    private func limitWarnings(_ found: ReplayFindings, reported: RuleErrorReport, budget: Int) -> [EvaluationWarning] {
        // Most replays hit no limit: nothing to look for.
        if found.budgetLimited.isEmpty && found.costLimited.isEmpty { return [] }
        // Only locked awards: an unlocked one shows its earned progress whatever the limit. By
        // index: iterating the plans would copy each one.
        return plans.indices.compactMap { index in
            let id = plans[index].rule.id
            guard found.unlocks[id] == nil, !reported.hasEntry(for: id) else { return nil }
            if found.budgetLimited.contains(id) {
                return EvaluationWarning(
                    code: "cost_limit", id: id,
                    message: "'\(id)': the replay of this state went over its budget of \(budget) steps "
                        + "(summed over every checkpoint); it was not judged after that and stays locked")
            }
            guard found.costLimited.contains(id) else { return nil }
            return EvaluationWarning(code: "cost_limit", id: id,
                                     message: "evaluating '\(id)' went over the cost limit of \(costLimit) steps; it stays locked")
        }
    }

    /// `achievements` at an instant: every award with `unlocked` and, once unlocked, `unlocked_at`;
    /// a stored unlock counts from its `at`.
    func achievementsValue(_ unlocks: [String: UnlockDecision], at instant: CELTimestamp, only scope: [Int]? = nil) -> CELValue {
        // Records of prepared shapes: built from names (`CELMap(strings:)`), the whole map cost
        // thousands of instructions an award, hashing the same names for every state.
        func record(_ index: Int) -> CELValue {
            let id = awardIDs[index]
            guard let unlock = unlocks[id], unlock.at.instant <= instant else { return Self.lockedRecord }
            return .map(CELMap(shape: Self.unlockedShape, values: [.bool(true), .timestamp(unlock.at.instant)]))
        }
        guard let scope else {
            return .map(CELMap(shape: achievementsShape) { record($0) })
        }
        var entries: [(key: String, value: CELValue)] = []
        entries.reserveCapacity(scope.count)
        for index in scope { entries.append((awardIDs[index], record(index))) }
        return .map(CELMap(strings: entries))
    }

    /// The `achievements` record of every locked award (shared).
    static let lockedRecord = CELValue.map(CELMap(strings: [("unlocked", .bool(false))]))
    /// The fields of an unlocked award's record.
    static let unlockedShape = CELRecordShape(fields: ["unlocked", "unlocked_at"])

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
                // A predicate that cannot fail has no error to find.
                guard dayPredicateMayFail[index], case .list(let list)? = days else { continue }
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
