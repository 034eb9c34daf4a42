import Facts
import JSON
import RuleModel

/// The cross-references of a decoded bundle that the replay relies on: unique ids, `requires`
/// and `complete_module` naming what exists, `award_order` listing every award once. The YAML
/// loader checked all of this before the bundle was written; a hand-edited bundle is caught here.
struct RuleBundleCheck {
    let root: BundleNode

    func check(_ rules: RuleSet) throws(RuleBundleError) {
        try unique(rules.metrics.map(\.id), at: RuleFileKey.metrics, key: RuleBundleField.id, what: "metric")
        try unique(rules.streaks.map(\.id), at: RuleFileKey.streaks, key: StreakRuleKey.id, what: "streak")
        var awards: [(id: String, path: JSONPath)] = []
        for (index, achievement) in rules.achievements.enumerated() {
            awards.append((achievement.info.id, JSONPath.root / RuleFileKey.achievements / index / RuleBundleField.award / AwardRuleKey.id))
        }
        for (index, streak) in rules.streaks.enumerated() {
            for (position, milestone) in streak.milestones.enumerated() {
                let path = JSONPath.root / RuleFileKey.streaks / index / StreakRuleKey.milestones / position
                awards.append((milestone.info.id, path / RuleBundleField.award / AwardRuleKey.id))
            }
        }
        var known: Set<String> = []
        for award in awards where !known.insert(award.id).inserted {
            throw error(at: award.path, "award id '\(award.id)' is used twice")
        }
        for (index, achievement) in rules.achievements.enumerated() {
            for (position, required) in achievement.requires.enumerated() where !known.contains(required) {
                throw error(at: JSONPath.root / RuleFileKey.achievements / index / AchievementRuleKey.requires / position,
                            "requires '\(required)', which is no achievement or milestone of the bundle")
            }
            if case .completeModule(let module) = achievement.criterion,
               !rules.catalogs.contains(where: { $0.id == module.catalog && $0.modules.contains { $0.id == module.module } }) {
                throw error(at: JSONPath.root / RuleFileKey.achievements / index / AchievementRuleKey.completeModule,
                            "no catalog '\(module.catalog)' with a module '\(module.module)' in the bundle")
            }
        }
        try unique(rules.categories.map(\.id), at: RuleFileKey.categories, key: CategoryRuleKey.id, what: "category")
        try checkCategories(rules)
        var ordered: Set<String> = []
        for (index, id) in rules.awardOrder.enumerated() {
            guard known.contains(id), ordered.insert(id).inserted else {
                throw error(at: JSONPath.root / RuleBundleField.awardOrder / index, "'\(id)' is not an award of the bundle, or is listed twice")
            }
        }
        if let missing = awards.first(where: { !ordered.contains($0.id) }) {
            throw error(at: JSONPath.root / RuleBundleField.awardOrder, "does not list the award '\(missing.id)'")
        }
    }

    /// With categories, every award names one (the YAML loader's E312).
    private func checkCategories(_ rules: RuleSet) throws(RuleBundleError) {
        guard !rules.categories.isEmpty else { return }
        let ids = Set(rules.categories.map(\.id))
        for (index, achievement) in rules.achievements.enumerated() where !ids.contains(achievement.info.category) {
            throw error(at: JSONPath.root / RuleFileKey.achievements / index / RuleBundleField.award / AwardRuleKey.category,
                        "category '\(achievement.info.category)' is not one of the bundle's categories")
        }
        for (index, streak) in rules.streaks.enumerated() {
            for (position, milestone) in streak.milestones.enumerated() where !ids.contains(milestone.info.category) {
                let path = JSONPath.root / RuleFileKey.streaks / index / StreakRuleKey.milestones / position
                throw error(at: path / RuleBundleField.award / AwardRuleKey.category,
                            "category '\(milestone.info.category)' is not one of the bundle's categories")
            }
        }
    }

    private func unique(_ ids: [String], at key: RuleFileKey, key field: some RawRepresentable<String>,
                                       what: String) throws(RuleBundleError) {
        var seen: Set<String> = []
        for (index, id) in ids.enumerated() where !seen.insert(id).inserted {
            throw error(at: JSONPath.root / key / index / field, "\(what) id '\(id)' is used twice")
        }
    }

    private func error(at path: JSONPath, _ message: String) -> RuleBundleError {
        RuleBundleError(file: root.file, path: path, message: message)
    }
}
