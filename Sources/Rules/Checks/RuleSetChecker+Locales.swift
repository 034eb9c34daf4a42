import Diagnostics
import RuleModel

extension RuleSetChecker {
    /// Every title and description written in the rule set, with what it belongs to.
    var localizedTexts: [(owner: String, field: String, text: LocalizedText)] {
        var texts: [(owner: String, field: String, text: LocalizedText)] = []
        func award(_ kind: String, _ info: AwardInfo) {
            texts.append(("\(kind) '\(info.id)'", AwardRuleKey.title.rawValue, info.localizedTitle))
            if let description = info.localizedDescription {
                texts.append(("\(kind) '\(info.id)'", AwardRuleKey.description.rawValue, description))
            }
        }
        for draft in drafts {
            for streak in draft.streaks {
                if let title = streak.localizedTitle { texts.append(("streak '\(streak.id.value)'", StreakRuleKey.title.rawValue, title)) }
                for milestone in streak.milestones { award("milestone", milestone.info) }
            }
            for achievement in draft.achievements { award("achievement", achievement.info) }
            for category in draft.categories {
                texts.append(("category '\(category.id.value)'", CategoryRuleKey.title.rawValue, category.rule.localizedTitle))
                if let description = category.rule.localizedDescription {
                    texts.append(("category '\(category.id.value)'", CategoryRuleKey.description.rawValue, description))
                }
            }
            for reminder in draft.reminders {
                if let title = reminder.title { texts.append(("reminder '\(reminder.id.value)'", ReminderRuleKey.title.rawValue, title)) }
            }
            for type in draft.events?.plan.types ?? [] {
                if let title = type.title { texts.append(("event type '\(type.name)'", EventTypeRuleKey.title.rawValue, title)) }
            }
            for rank in draft.ranks { texts.append(("rank '\(rank.id.value)'", RankRuleKey.title.rawValue, rank.rule.localizedTitle)) }
            for catalog in draft.catalogs {
                for module in catalog.moduleRules { texts.append(("module '\(module.id)'", CatalogModuleRuleKey.title.rawValue, module.localizedTitle)) }
                for level in catalog.levels { texts.append(("level '\(level.id.value)'", CatalogLevelRuleKey.title.rawValue, level.rule.localizedTitle)) }
            }
        }
        return texts.filter { $0.text.span != nil }
    }

    /// W420: once any title or description of the rule set is given per locale, every one should
    /// give every locale used, or people with that locale see a mix of languages.
    func localeDiagnostics() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let texts = localizedTexts
        var used: [String] = []
        for entry in texts {
            // Malformed tags are E242 already; they do not set what the others should have.
            for locale in entry.text.locales where !used.contains(locale) && LocalizedText.isValidTag(locale) {
                used.append(locale)
            }
        }
        guard !used.isEmpty else { return [] }
        for entry in texts {
            let missing = used.filter { !entry.text.locales.contains($0) }
            guard !missing.isEmpty else { continue }
            let list = missing.map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.append(.warning(
                RuleCode.missingLocale,
                entry.text.locales.isEmpty
                    ? "the \(entry.field) of \(entry.owner) is a plain string: it lacks per-locale texts (\(list)), which other texts of the rule set have"
                    : "the \(entry.field) of \(entry.owner) has no \(list) text, which other texts of the rule set have",
                at: entry.text.span,
                fix: "give it per locale, such as { \(used.map { "\($0): ..." }.joined(separator: ", ")) }"))
        }
        return diagnostics
    }
}
