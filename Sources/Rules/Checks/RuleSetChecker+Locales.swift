import Diagnostics
import RuleModel

extension RuleSetChecker {
    /// What a text belongs to (`achievement`, `night_owl`) and which of its fields it is; the
    /// owner's description is written out only for a diagnostic (most rule sets have none).
    struct TextOwner {
        let kind: String, id: String, field: String
        var description: String { "\(kind) '\(id)'" }
    }

    /// Every title and description written in the rule set, with what it belongs to.
    var localizedTexts: [(owner: TextOwner, text: LocalizedText)] {
        var texts: [(owner: TextOwner, text: LocalizedText)] = []
        func add(_ kind: String, _ id: String, _ field: String, _ text: LocalizedText) {
            texts.append((TextOwner(kind: kind, id: id, field: field), text))
        }
        func award(_ kind: String, _ info: AwardInfo) {
            add(kind, info.id, AwardRuleKey.title.rawValue, info.localizedTitle)
            if let description = info.localizedDescription { add(kind, info.id, AwardRuleKey.description.rawValue, description) }
        }
        for draft in drafts {
            for streak in draft.streaks {
                if let title = streak.localizedTitle { add("streak", streak.id.value, StreakRuleKey.title.rawValue, title) }
                for milestone in streak.milestones { award("milestone", milestone.info) }
            }
            for achievement in draft.achievements { award("achievement", achievement.info) }
            for category in draft.categories {
                add("category", category.id.value, CategoryRuleKey.title.rawValue, category.rule.localizedTitle)
                if let description = category.rule.localizedDescription {
                    add("category", category.id.value, CategoryRuleKey.description.rawValue, description)
                }
            }
            for reminder in draft.reminders {
                if let title = reminder.title { add("reminder", reminder.id.value, ReminderRuleKey.title.rawValue, title) }
            }
            for type in draft.events?.plan.types ?? [] {
                if let title = type.title { add("event type", type.name, EventTypeRuleKey.title.rawValue, title) }
            }
            for rank in draft.ranks { add("rank", rank.id.value, RankRuleKey.title.rawValue, rank.rule.localizedTitle) }
            for catalog in draft.catalogs {
                for module in catalog.moduleRules { add("module", module.id, CatalogModuleRuleKey.title.rawValue, module.localizedTitle) }
                for level in catalog.levels { add("level", level.id.value, CatalogLevelRuleKey.title.rawValue, level.rule.localizedTitle) }
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
            let locales = entry.text.locales
            let missing = used.filter { !locales.contains($0) }
            guard !missing.isEmpty else { continue }
            let field = entry.owner.field, owner = entry.owner.description
            let list = missing.map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.append(.warning(
                RuleCode.missingLocale,
                locales.isEmpty
                    ? "the \(field) of \(owner) is a plain string: it lacks per-locale texts (\(list)), which other texts of the rule set have"
                    : "the \(field) of \(owner) has no \(list) text, which other texts of the rule set have",
                at: entry.text.span,
                fix: "give it per locale, such as { \(used.map { "\($0): ..." }.joined(separator: ", ")) }"))
        }
        return diagnostics
    }
}
