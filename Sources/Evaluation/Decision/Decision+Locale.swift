import RuleModel

extension Decision {
    /// The decision with the rank's title taken from `rules` (a rule set localized with
    /// `RuleSet.localized(to:)`), for `--locale`; nothing else in a decision is a title.
    package func retitled(by rules: RuleSet) -> Decision {
        var copy = self
        if let id = rank?.id, let title = rules.ranks.first(where: { $0.id == id })?.title { copy.rank?.title = title }
        return copy
    }
}
