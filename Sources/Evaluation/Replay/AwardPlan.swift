import CEL
import RuleModel

/// One award as a replay plans it, once per rule set: the rule, its condition and progress
/// planned over the folds, and its gate (window, required awards and criterion, by index).
/// What changes during one replay lives in `ReplayRun` (`AwardJudgement`).
///
/// A class of constants, like `AwardRule`: read at every decision, a struct this size would be
/// copied whole (each of its plans retained and released) to reach one field.
final class AwardPlan: Sendable {
    let rule: AwardRule
    /// The rewritten condition (`nil` for milestones and module achievements).
    let condition: PlannedExpression?
    /// The condition without daily folds (`Replay.plainSlots`).
    let plainCondition: PlannedExpression?
    /// The progress expressions planned like the condition, for the decision at `now`.
    let progressCurrent: PlannedExpression?
    let progressTarget: PlannedExpression?
    /// What the replay checks at every checkpoint, by index.
    let gate: AwardGate
    /// Indices of the awards it requires; `nil` when one of them is not an award at all.
    let requirements: [Int]?

    init(rule: AwardRule, condition: PlannedExpression?, plainCondition: PlannedExpression?,
         progressCurrent: PlannedExpression?, progressTarget: PlannedExpression?, gate: AwardGate, requirements: [Int]?) {
        self.rule = rule
        self.condition = condition
        self.plainCondition = plainCondition
        self.progressCurrent = progressCurrent
        self.progressTarget = progressTarget
        self.gate = gate
        self.requirements = requirements
    }

    /// The plans of every award, in award order; conditions take the expression slots from
    /// `firstSlot` on, in award order. Conditions are planned before progress expressions
    /// (the planner shares folds in the order it meets them).
    static func plans(of awards: [AwardRule], planner: inout EventFoldPlanner,
                      firstSlot: Int) -> (plans: [AwardPlan], streaks: [String], modules: [ModuleCriterion]) {
        let index = Dictionary(awards.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var conditions: [(PlannedExpression, plain: PlannedExpression)?] = []
        for award in awards {
            guard case .condition(let expression) = award.criterion else { conditions.append(nil); continue }
            let plan = planner.plan(expression.program, daily: true)
            conditions.append((plan, plan.readsDailyFolds ? planner.plan(expression.program) : plan))
        }
        var progress: [(current: PlannedExpression?, target: PlannedExpression?)] = []
        for award in awards {
            switch award.progress {
            case .measured(let current, let target): progress.append((planner.plan(current.program), planner.plan(target.program)))
            case .derived(let current, _, _): progress.append((planner.plan(current.program), nil))
            case .binary, .module: progress.append((nil, nil))
            }
        }
        var streaks: [String] = []
        var modules: [ModuleCriterion] = []
        var slot = firstSlot
        var plans: [AwardPlan] = []
        plans.reserveCapacity(awards.count)
        for (position, award) in awards.enumerated() {
            let criterion: AwardGate.Criterion
            switch award.criterion {
            case .condition:
                criterion = .condition(slot: slot)
                slot += 1
            case .milestone(let streak, let days):
                if !streaks.contains(streak) { streaks.append(streak) }
                criterion = .milestone(streak: streaks.firstIndex(of: streak) ?? 0, days: days)
            case .module(let module):
                modules.append(module)
                criterion = .module(modules.count - 1)
            }
            let requires = award.requires.map { index[$0] }
            let gate = AwardGate(from: award.available?.from, until: award.available?.until,
                                 requiresAwards: !requires.isEmpty, criterion: criterion)
            plans.append(AwardPlan(rule: award, condition: conditions[position]?.0, plainCondition: conditions[position]?.plain,
                                   progressCurrent: progress[position].current,
                                   progressTarget: progress[position].target, gate: gate,
                                   requirements: requires.contains(nil) ? nil : requires.compactMap { $0 }))
        }
        return (plans, streaks, modules)
    }
}
