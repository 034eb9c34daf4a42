extension RuleSet {
    /// The rule set with every title and description in `locale` (exact tag, then the same
    /// language, then the default), for what people read: the text view, `explain`, the rank's
    /// title. Evaluation uses the rule set as written, so that CEL values never depend on it.
    package func localized(to locale: String?) -> RuleSet {
        guard let locale else { return self }
        var copy = self
        func localize(_ info: inout AwardInfo) {
            info.title = info.localizedTitle.text(for: locale)
            info.description = info.localizedDescription?.text(for: locale)
        }
        for s in copy.streaks.indices {
            copy.streaks[s].title = copy.streaks[s].localizedTitle.text(for: locale)
            for m in copy.streaks[s].milestones.indices { localize(&copy.streaks[s].milestones[m].info) }
        }
        for a in copy.achievements.indices { localize(&copy.achievements[a].info) }
        copy.categories = copy.categories.map { $0.localized(to: locale) }
        for r in copy.ranks.indices { copy.ranks[r].title = copy.ranks[r].localizedTitle.text(for: locale) }
        for r in copy.reminders.indices { copy.reminders[r].title = copy.reminders[r].localizedTitle.text(for: locale) }
        for c in copy.catalogs.indices {
            for m in copy.catalogs[c].modules.indices {
                copy.catalogs[c].modules[m].title = copy.catalogs[c].modules[m].localizedTitle.text(for: locale)
            }
            for l in copy.catalogs[c].levels.indices {
                copy.catalogs[c].levels[l].title = copy.catalogs[c].levels[l].localizedTitle.text(for: locale)
            }
        }
        return copy
    }
}
