import RuleModel

/// What a change of one rule set does (docs/diff.md): its rule changes and, over a sample of user
/// states, its effects. Renderers live in `Output`.
package struct RuleSetDiff: Sendable {
    package var changes: [RuleChange]
    /// Zero and empty when no states were given.
    package var effects: DiffEffects
    /// Every award id of the new version in award order, then those of the old version only:
    /// the order effects are listed in.
    package var awardOrder: [String]

    package init(changes: [RuleChange], effects: DiffEffects = DiffEffects(), awardOrder: [String] = []) {
        self.changes = changes
        self.effects = effects
        self.awardOrder = awardOrder
    }

    /// The rule changes between `old` and `new`, without effects yet.
    package init(old: RuleSet, new: RuleSet) {
        let newIDs = Set(new.awardOrder)
        self.init(changes: RuleChanges.between(old: old, new: new),
                  awardOrder: new.awardOrder + old.awardOrder.filter { !newIDs.contains($0) })
    }

    /// Awards with an effect, in `awardOrder`.
    package var affectedAwards: [(id: String, effects: AwardEffects)] {
        effects.awardIDs(in: awardOrder).compactMap { id in effects.awards[id].map { (id, $0) } }
    }
}
