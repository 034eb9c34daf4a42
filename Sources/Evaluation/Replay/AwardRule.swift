import CEL
import RuleModel

/// An achievement or a streak milestone, as the replay judges it: one criterion, the gates
/// (`requires`, `available`) and how its progress is measured.
package final class AwardRule: Sendable {
    package enum Criterion: Sendable {
        /// A CEL condition, with what it reads.
        case condition(RuleExpression)
        /// A streak milestone: the streak's `current` ≥ days.
        case milestone(streak: String, days: Int)
        /// `complete_module`.
        case module(ModuleCriterion)
    }
    package let info: AwardInfo
    package let criterion: Criterion
    package let progress: AchievementRule.Progress
    package let requires: [String]
    package let available: AchievementRule.Window?
    /// What the condition reads (`condition` criteria only).
    let inputs: ExpressionInputs

    package var id: String { info.id }

    init(achievement: AchievementRule) {
        info = achievement.info
        switch achievement.criterion {
        case .when(let expression):
            criterion = .condition(expression)
            inputs = ExpressionInputs(expression.program)
        case .completeModule(let module):
            criterion = .module(module)
            inputs = ExpressionInputs(variables: [.levels], metrics: [], readsEveryMetric: false)
        }
        progress = achievement.progress
        requires = achievement.requires
        available = achievement.available
    }

    init(milestone: StreakRule.Milestone, streak: String) {
        info = milestone.info
        criterion = .milestone(streak: streak, days: milestone.days)
        progress = .binary
        requires = []
        available = nil
        inputs = ExpressionInputs(variables: [.streaks], metrics: [], readsEveryMetric: false)
    }

    /// Whether `available` lets it unlock at an instant: [from, until).
    func isAvailable(at instant: CELTimestamp) -> Bool {
        guard let available else { return true }
        if let from = available.from, instant < from { return false }
        if let until = available.until, instant >= until { return false }
        return true
    }

    /// Every award of a rule set in output order (`RuleSet.awardOrder`).
    static func awards(of rules: RuleSet) -> [AwardRule] {
        var byID: [String: AwardRule] = [:]
        for achievement in rules.achievements where byID[achievement.info.id] == nil {
            byID[achievement.info.id] = AwardRule(achievement: achievement)
        }
        for streak in rules.streaks {
            for milestone in streak.milestones where byID[milestone.info.id] == nil {
                byID[milestone.info.id] = AwardRule(milestone: milestone, streak: streak.id)
            }
        }
        var seen: Set<String> = []
        var ordered: [AwardRule] = []
        for id in rules.awardOrder where !seen.contains(id) {
            seen.insert(id)
            if let award = byID[id] { ordered.append(award) }
        }
        // Awards missing from `awardOrder` (a hand-built rule set) follow in rule order.
        for achievement in rules.achievements where !seen.contains(achievement.info.id) {
            seen.insert(achievement.info.id)
            if let award = byID[achievement.info.id] { ordered.append(award) }
        }
        for streak in rules.streaks {
            for milestone in streak.milestones where !seen.contains(milestone.info.id) {
                seen.insert(milestone.info.id)
                if let award = byID[milestone.info.id] { ordered.append(award) }
            }
        }
        return ordered
    }
}
