import CEL
import Facts
import RuleModel

/// Event-time replay (docs/evaluation.md, "Replay"): walks the checkpoints in time order and unlocks every achievement
/// and milestone at the first checkpoint where its criterion, `requires` and `available` hold.
///
/// It gives the same result as evaluating everything at every checkpoint, faster:
/// - only locked awards are judged;
/// - macros over `events` whose body reads only the event (`events.filter(e, e.type == "x")`,
///   `events.exists(…)`, `size(events)`, chains of `filter`/`map`) are tabulated once over all
///   events (`EventFoldTable`) and read at each checkpoint in O(1);
/// - a condition or metric is evaluated again only when something it reads can have changed:
///   a fold it reads changed value, new events (when it reads `events` otherwise), a level, the
///   clock (`now`, `days`, `today`, `streaks`: every checkpoint), or an unlock (`achievements`).
///
/// A class: planned once and read by every state's run, so a run holds it by one reference
/// rather than copying its forty fields. Every field is final when `init` returns; the slots,
/// planned from the finished plan at its end, are kept in a `SetOnce`.
package final class Replay: Sendable {
    package let rules: RuleSet
    /// How each streak's days qualify, made once: making one analyses its compiled predicate.
    package let streakQualifiers: [StreakQualifier]
    package let costLimit: Int
    /// Steps all evaluations of one state's replay may take together (`nil`: the default of
    /// `stepBudget(checkpoints:days:)`). Past it, the conditions not judged yet do not hold and get a
    /// `cost_limit` warning (docs/evaluation.md, "Step budget").
    package let stateStepLimit: Int?
    /// Per award, in output order: its rule, planned expressions and gate.
    let plans: [AwardPlan]
    /// Per award: its gate, and the awards it requires (`AwardPlan`), apart: the walk reads them
    /// at every checkpoint.
    let gates: [AwardGate]
    let requirements: [[Int]?]
    /// The streaks milestones read, by `AwardGate.Criterion.milestone` index, then those that
    /// streak thresholds read.
    let streakIDs: [String]
    /// Per entry of `streakIDs`: the streak's index in the rule set's order (what
    /// `ReplayFacts.streakRiseEventCount` is asked with; `nil`: not a streak of the rules).
    let streakRuleIndices: [Int?]
    /// Per slot: the streak threshold the condition is (`StreakThreshold`), judged without CEL.
    let streakThresholds: [StreakThreshold?]
    /// The modules awards complete, by `AwardGate.Criterion.module` index.
    let modules: [ModuleCriterion]
    let folds: [EventFold]
    let dayFolds: [DayFold]
    /// Metrics in dependency order, rewritten.
    let metricPlans: [PlannedExpression]
    /// Per metric: the channels it reads through every metric it uses.
    let metricChannels: [String: FactChannels]
    /// Per metric: the folds it reads through every metric it uses.
    let metricFolds: [String: Set<Int>]
    let metricIndex: [String: Int]
    /// What every state's bindings evaluate (`Replay.slots(of:)`), planned once here.
    var slots: [ExpressionSlot] { plannedSlots.value }
    private let plannedSlots = SetOnce<[ExpressionSlot]>()
    /// The metrics, conditions and slots without daily folds (`DailyFold`), for the states whose
    /// daily tables are not exact (the same as the others when the rules have no daily fold).
    let plainMetricPlans: [PlannedExpression]
    let plainMetricChannels: [String: FactChannels]
    let plainMetricFolds: [String: Set<Int>]
    var plainSlots: [ExpressionSlot] { plannedPlainSlots.value }
    private let plannedPlainSlots = SetOnce<[ExpressionSlot]>()
    /// The names bound at `now` (`ValuesAtNow`): every fact variable, in `FactVariable.allCases`
    /// order; then, in `tabulatedNowShape`, every fold's variable.
    let nowShape: CELRecordShape
    let tabulatedNowShape: CELRecordShape
    /// Per streak in rule order: whether its `day` predicate may fail at `now`
    /// (`CELInfallibility`); its errors are then looked for on every day record.
    let dayPredicateMayFail: [Bool]
    /// Whether some streak's `day` predicate may fail at `now`.
    var fallibleDayStreaks: Bool { dayPredicateMayFail.contains(true) }
    /// What each expression the decision at `now` evaluates reads (`ValuesAtNow`).
    let readsAtNow: [VariablesRead]
    /// Whether one of them is a whole best day, whose reading needs the number of days at `now`.
    let readsWholeDailyAtNow: Bool

    /// Every achievement and milestone in output order.
    package var awards: [AwardRule] { plans.map(\.rule) }
    /// Their ids, in the same order (one array, shared by every session's standings).
    package let awardIDs: [String]
    /// The fields of `achievements`: every award id, in award order (prepared once).
    let achievementsShape: CELRecordShape
    /// The fields of `metrics` at `now`: every metric id, in rule order (prepared once).
    let metricsShape: CELRecordShape
    /// Each award's position by id (the first, should two share one), built once for every replay.
    let awardPositions: [String: Int]
    /// Each award's points and whether it is repeatable, in award order.
    let awardPoints: [Int]
    let awardRepeatable: [Bool]
    /// The tracking plan's check of a state's events; `nil` without a plan.
    package let planCheck: EventPlanCheck?

    package init(rules: RuleSet, costLimit: Int = 10_000_000, stateStepLimit: Int? = nil) {
        self.rules = rules
        streakQualifiers = rules.streaks.map { StreakQualifier(rule: $0) }
        self.costLimit = costLimit
        self.stateStepLimit = stateStepLimit
        var planner = EventFoldPlanner()
        var index: [String: Int] = [:]
        var metricPlans: [PlannedExpression] = []
        var plainMetricPlans: [PlannedExpression] = []
        for (position, metric) in rules.metrics.enumerated() {
            index[metric.id] = position
            let plan = planner.plan(metric.expression.program, daily: true)
            metricPlans.append(plan)
            plainMetricPlans.append(plan.readsDailyFolds ? planner.plan(metric.expression.program) : plan)
        }
        let channels = Self.reach(of: metricPlans, metrics: rules.metrics)
        let plainChannels = Self.reach(of: plainMetricPlans, metrics: rules.metrics)
        let milestoneStreaks: [String]
        (plans, milestoneStreaks, modules) = AwardPlan.plans(of: AwardRule.awards(of: rules), planner: &planner,
                                                             firstSlot: metricPlans.count)
        (streakIDs, streakThresholds) = Self.streakThresholds(of: plans, metrics: metricPlans.count,
                                                              streakIDs: milestoneStreaks, rules: rules)
        let ruleStreakIDs = rules.streaks.map(\.id)
        streakRuleIndices = streakIDs.map { ruleStreakIDs.firstIndex(of: $0) }
        awardIDs = plans.map(\.rule.id)
        achievementsShape = CELRecordShape(fields: awardIDs)
        metricsShape = CELRecordShape(fields: rules.metrics.map(\.id))
        awardPositions = Dictionary(awardIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        awardPoints = plans.map(\.rule.info.points)
        awardRepeatable = plans.map(\.rule.info.repeatable)
        gates = plans.map(\.gate)
        requirements = plans.map(\.requirements)
        self.metricPlans = metricPlans
        self.plainMetricPlans = plainMetricPlans
        folds = planner.folds
        dayFolds = planner.dayFolds
        (metricChannels, metricFolds) = channels
        (plainMetricChannels, plainMetricFolds) = plainChannels
        metricIndex = index
        nowShape = CELRecordShape(fields: FactVariable.allCases.map(\.rawValue))
        tabulatedNowShape = CELRecordShape(fields: FactVariable.allCases.map(\.rawValue) + planner.folds.map(\.variable))
        dayPredicateMayFail = rules.streaks.map { Self.mayFail($0, costLimit: costLimit) }
        readsAtNow = VariablesRead.atNow(metricPlans: metricPlans, awards: plans)
            + rules.reminders.compactMap { $0.when.map { VariablesRead(PlannedExpression(writtenOnly: $0.program)) } }
        readsWholeDailyAtNow = readsAtNow.contains { $0.plan?.wholeDaily != nil }
        planCheck = rules.eventPlan.map(EventPlanCheck.init(plan:))
        plannedSlots.set(Self.slots(of: self, plain: false))
        plannedPlainSlots.set(Self.slots(of: self, plain: true))
    }

    /// Whether a streak's `day` predicate may fail on some day record (under `costLimit`).
    static func mayFail(_ streak: StreakRule, costLimit: Int) -> Bool {
        guard case .day(let expression) = streak.qualification else { return false }
        guard let checked = expression.program.checked,
              CELInfallibility.cannotFail(checked.ast.root, types: checked.types, complete: { $0 == FactTypes.day }),
              let steps = CELCostBound.steps(of: checked.ast.root, types: checked.types) else { return true }
        return steps > costLimit
    }

    /// Per slot, the streak threshold its condition is, with the streaks they read added to the
    /// milestones' (`streakIDs`).
    private static func streakThresholds(of plans: [AwardPlan], metrics: Int, streakIDs: [String],
                                         rules: RuleSet) -> ([String], [StreakThreshold?]) {
        var ids = streakIDs
        let ruleStreaks = Set(rules.streaks.map(\.id))
        var thresholds = [StreakThreshold?](repeating: nil, count: metrics)
        for plan in plans {
            guard let condition = plan.condition else { continue }
            guard var threshold = StreakThreshold(condition, ruleStreaks: ruleStreaks) else {
                thresholds.append(nil)
                continue
            }
            if !ids.contains(threshold.id) { ids.append(threshold.id) }
            threshold.streak = ids.firstIndex(of: threshold.id) ?? 0
            thresholds.append(threshold)
        }
        return (ids, thresholds)
    }

    /// Per metric: the channels and folds it reads through every metric it uses.
    private static func reach(of plans: [PlannedExpression], metrics: [MetricRule])
        -> (channels: [String: FactChannels], folds: [String: Set<Int>]) {
        var channels: [String: FactChannels] = [:]
        var foldSets: [String: Set<Int>] = [:]
        for (position, metric) in metrics.enumerated() {
            let plan = plans[position]
            var own = FactChannels(reading: plan.inputs.variables)
            var folds = Set(plan.folds)
            let used = plan.inputs.readsEveryMetric ? metrics.prefix(position).map(\.id) : Array(plan.inputs.metrics)
            for name in used {
                own.formUnion(channels[name] ?? [])
                folds.formUnion(foldSets[name] ?? [])
            }
            channels[metric.id] = own
            foldSets[metric.id] = folds
        }
        return (channels, foldSets)
    }

    /// Replays the user's facts and decides.
    package func run(_ facts: some ReplayFacts) -> ReplayOutcome {
        replay(facts).outcome
    }

    /// Replays the real facts (the same as the generic `run`). Spelled out so the compiler
    /// specializes the replay for `StateFacts` here: callers in other modules would otherwise run
    /// the unspecialized generic code, which looks up type metadata at every step.
    ///
    /// `keepsBindings: false` leaves `ReplayOutcome.bindingsAtNow` empty (what `explain` and
    /// rule tests read): the decision at `now` then builds only the facts the rules read.
    package func run(_ facts: consuming StateFacts, keepsBindings: Bool = true) -> ReplayOutcome {
        replay(facts, keepsBindings: keepsBindings).outcome
    }

    /// `run`, also giving the facts back as the replay left them (moved on to `now`), not a copy.
    package func runKeepingFacts(_ facts: consuming StateFacts,
                                 keepsBindings: Bool = true) -> (outcome: ReplayOutcome, facts: StateFacts) {
        replay(facts, keepsBindings: keepsBindings)
    }

    /// The facts are handed on, not copied, from here to the decision: a copy retains every
    /// array they hold (about a hundred a state).
    private func replay<Facts: ReplayFacts>(_ facts: consuming Facts,
                                            keepsBindings: Bool = true) -> (outcome: ReplayOutcome, facts: Facts) {
        var run = ReplayRun(replay: self, facts: facts)
        run.walk()
        let outcome = run.decideAtNow(keepsBindings: keepsBindings)
        // Handed back rather than dropped with the run: a single `eval` then frees its event
        // records at exit, as before, instead of one by one here.
        return (outcome, run.bindings.facts)
    }

    /// The step budget of one state's replay over `checkpoints` checkpoints and `days` days:
    /// ten times the per-expression cost limit, plus 1,000 + 100 × `days` steps per checkpoint
    /// (rules that read every day record at every checkpoint, several of them, stay within it),
    /// and never more than a hundred times the per-expression limit: a rule that hits the cost
    /// limit at every checkpoint stops after at most a hundred such evaluations.
    package func stepBudget(checkpoints: Int, days: Int) -> Int {
        if let stateStepLimit { return stateStepLimit }
        let perCheckpoint = 1_000 + 100 * Swift.min(Swift.max(days, 0), 1_000_000)
        let (allowance, overflow) = Swift.max(checkpoints, 0).multipliedReportingOverflow(by: perCheckpoint)
        let (base, baseOverflow) = costLimit.multipliedReportingOverflow(by: 10)
        let (cap, capOverflow) = costLimit.multipliedReportingOverflow(by: 100)
        guard !baseOverflow, !capOverflow else { return Int.max }
        guard !overflow else { return cap }
        let (total, sumOverflow) = base.addingReportingOverflow(allowance)
        return sumOverflow ? cap : Swift.min(total, cap)
    }

    /// The days a state's history spans, from its first event to `now`, for `stepBudget`.
    static func daySpan(of facts: some ReplayFacts) -> Int {
        guard let first = facts.events.first else { return 0 }
        return Int(Swift.max(0, (facts.now.instant.seconds - first.at.instant.seconds) / 86_400)) + 2
    }

    /// The metrics an expression reads, by name.
    func metricsRead(by inputs: ExpressionInputs, before limit: Int = .max) -> [String] {
        rules.metrics.prefix(Swift.min(limit, rules.metrics.count)).map(\.id).filter {
            inputs.readsEveryMetric || inputs.metrics.contains($0)
        }
    }

    /// The channels an expression reads, metrics resolved to what they read (as the plain
    /// metrics read them with `plain`).
    func channels(of plan: PlannedExpression, before limit: Int = .max, plain: Bool = false) -> FactChannels {
        var channels = FactChannels(reading: plan.inputs.variables)
        let reach = plain ? plainMetricChannels : metricChannels
        for metric in metricsRead(by: plan.inputs, before: limit) { channels.formUnion(reach[metric] ?? []) }
        return channels
    }

    /// The folds an expression reads, through metrics too.
    func folds(of plan: PlannedExpression, before limit: Int = .max, plain: Bool = false) -> Set<Int> {
        var folds = Set(plan.folds)
        let reach = plain ? plainMetricFolds : metricFolds
        for metric in metricsRead(by: plan.inputs, before: limit) { folds.formUnion(reach[metric] ?? []) }
        return folds
    }
}

extension Replay {
    /// The rules a session step cannot keep incrementally (docs/engine.md, "Cost"): metrics and
    /// awards with an expression that reads `events` other than through a fold or `days` other
    /// than through a day fold (directly or through a metric), whose evaluation walks the
    /// history. As `metrics.ID` and award ids, in rule order.
    package var rulesFallingBack: [String] {
        func walksHistory(_ plan: PlannedExpression?) -> Bool {
            guard let plan else { return false }
            // With day folds, `days` is read only where a day fold has no value (`DayFoldValues`).
            return plan.inputs.variables.contains(.events) || (plan.inputs.variables.contains(.days) && plan.dayFolds.isEmpty)
        }
        var metricFalls: [String: Bool] = [:]
        var names: [String] = []
        func readsFallingMetric(_ plan: PlannedExpression?, before limit: Int) -> Bool {
            guard let plan else { return false }
            return metricsRead(by: plan.inputs, before: limit).contains { metricFalls[$0] == true }
        }
        for (position, metric) in rules.metrics.enumerated() {
            let falls = walksHistory(metricPlans[position]) || readsFallingMetric(metricPlans[position], before: position)
            metricFalls[metric.id] = falls
            if falls { names.append("metrics." + metric.id) }
        }
        for plan in plans {
            let expressions = [plan.condition, plan.progressCurrent, plan.progressTarget]
            if expressions.contains(where: { walksHistory($0) || readsFallingMetric($0, before: .max) }) {
                names.append(plan.rule.id)
            }
        }
        return names
    }
}
