import CEL
import Facts
import RuleModel

/// Records the coverage of a rule set's conditions and awards over rule tests (docs/guide.md, "Test coverage";
/// "Coverage"; docs/guide.md, "Test coverage").
///
/// The replay skips evaluations it can prove unneeded (docs/evaluation.md, "Replay"), so
/// coverage does not watch it: after each test's replay, `record` evaluates every condition
/// again, planned with outcome probes, at every checkpoint of that replay and at `now`, over
/// the same facts: each metric in dependency order, each achievement's `when` (locked or not),
/// each streak's `day` over that moment's `today`; at `now`, each `counts` over every event and
/// each `day` over every day. Correctness over speed: nothing is folded, cached or skipped.
/// Only rule tests plan these programs; `eval` and the replay never do.
package final class CoverageRecorder {
    package let rules: RuleSet
    /// Every condition, in rule order: metrics, achievements, streaks.
    package let conditions: [ProbedCondition]
    /// Every award id, in output order.
    package let awardIDs: [String]
    /// Per award id: in how many recorded tests the replay unlocked it, and how many left it
    /// locked at `now`.
    package private(set) var unlockedIn: [String: Int] = [:]
    package private(set) var lockedIn: [String: Int] = [:]
    private let replay: Replay
    /// Per metric in rule order: its program, probed when the metric is a boolean condition.
    private let metricPrograms: [CELProgram]
    private let whenConditions: [ProbedCondition]
    private let countsConditions: [ProbedCondition]
    private let dayConditions: [ProbedCondition]

    package init(rules: RuleSet) {
        self.rules = rules
        replay = Replay(rules: rules)
        var metrics: [ProbedCondition] = []
        metricPrograms = rules.metrics.map { metric in
            guard metric.expression.program.resultType == .bool,
                  let probed = ProbedCondition(field: "metric", owner: metric.id, expression: metric.expression) else {
                return metric.expression.program
            }
            metrics.append(probed)
            return probed.program
        }
        whenConditions = rules.achievements.compactMap { achievement in
            guard case .when(let expression) = achievement.criterion else { return nil }
            return ProbedCondition(field: "when", owner: achievement.info.id, expression: expression)
        }
        var counts: [ProbedCondition] = [], days: [ProbedCondition] = []
        for streak in rules.streaks {
            switch streak.qualification {
            case .counts(let expression):
                if let probed = ProbedCondition(field: "counts", owner: streak.id, expression: expression) { counts.append(probed) }
            case .day(let expression):
                if let probed = ProbedCondition(field: "day", owner: streak.id, expression: expression) { days.append(probed) }
            }
        }
        (countsConditions, dayConditions) = (counts, days)
        conditions = metrics + whenConditions + counts + days
        awardIDs = replay.awardIDs
    }

    /// Records one test: `facts` are the test's facts, built afresh (the replay's own moved on
    /// to `now`), and `outcome` is what its replay found.
    package func record(_ facts: consuming StateFacts, outcome: ReplayOutcome) {
        var facts = facts
        let now = FactMoment(moment: facts.now, eventCount: facts.events.count)
        var moments = outcome.checkpoints.map { FactMoment(moment: $0.time, eventCount: $0.eventCount) }
        if moments.last?.instant != now.instant { moments.append(now) }
        for moment in moments {
            evaluateConditions(at: moment, facts: &facts, unlocks: outcome.unlocks)
        }
        let user = facts.variable(.user, at: now)
        if !countsConditions.isEmpty, case .list(let events) = facts.variable(.events, at: now) {
            evaluate(countsConditions, over: events.array, as: "event", user: user)
        }
        if !dayConditions.isEmpty, case .list(let days) = facts.variable(.days, at: now) {
            evaluate(dayConditions, over: days.array, as: "day", user: user)
        }
        let unlocked = Set(outcome.decision.unlocks.map(\.id))
        for standing in outcome.decision.achievements {
            if unlocked.contains(standing.id) { unlockedIn[standing.id, default: 0] += 1 }
            if standing.state == .locked { lockedIn[standing.id, default: 0] += 1 }
        }
    }

    /// Every metric and `when` at one moment, over the facts at it; each `day` over its `today`.
    private func evaluateConditions(at moment: FactMoment, facts: inout StateFacts,
                                    unlocks: [String: UnlockDecision]) {
        var values = FactVariable.allCases.map { variable -> CELValue in
            switch variable {
            case .metrics: .null
            case .achievements: replay.achievementsValue(unlocks, at: moment.instant)
            default: facts.variable(variable, at: moment)
            }
        }
        guard let metricsPosition = FactVariable.allCases.firstIndex(of: .metrics) else { return }
        var metricValues = [CELValue](repeating: .null, count: metricPrograms.count)
        for (position, program) in metricPrograms.enumerated() {
            values[metricsPosition] = .map(CELMap(shape: replay.metricsShape, values: metricValues))
            metricValues[position] = program.evaluate(CELActivation(shape: replay.nowShape, values: values),
                                                      costLimit: replay.costLimit)
        }
        values[metricsPosition] = .map(CELMap(shape: replay.metricsShape, values: metricValues))
        let activation = CELActivation(shape: replay.nowShape, values: values)
        for condition in whenConditions {
            _ = condition.program.evaluate(activation, costLimit: replay.costLimit)
        }
        if !dayConditions.isEmpty, let todayPosition = FactVariable.allCases.firstIndex(of: .today),
           case .map = values[todayPosition], let userPosition = FactVariable.allCases.firstIndex(of: .user) {
            evaluate(dayConditions, over: [values[todayPosition]], as: "day", user: values[userPosition])
        }
    }

    /// Each streak predicate over each subject, bound as `name` beside `user`.
    private func evaluate(_ predicates: [ProbedCondition], over subjects: [CELValue], as name: String, user: CELValue) {
        for subject in subjects {
            let activation = CELActivation([name: subject, "user": user])
            for predicate in predicates {
                _ = predicate.program.evaluate(activation, costLimit: replay.costLimit)
            }
        }
    }
}
