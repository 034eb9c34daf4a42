import RuleModel

/// Where an award that no CEL decides stands at a moment: a milestone (its streak's `current`
/// against its days) or a module achievement (its levels done of the total). The one place both
/// the decision (`Replay.standing`) and a session's standings (`ReplayRun.standings`) read it.
struct CountedStanding {
    var progress: AwardProgress
    /// Whether the criterion holds (for `waiting_for`).
    var holds: Bool
    /// False when the catalog grew since a module award's unlock: it stays unlocked and shows done
    /// of the new total instead of a full bar.
    var keepsMaximum = true
    /// The module's levels released after the unlock's catalog version (`new_levels`), when any.
    var newLevels: Int?

    /// A milestone's standing at `moment`: its streak's `current` of its days.
    static func milestone(streak: String, days: Int, facts: inout some ReplayFacts, at moment: FactMoment) -> CountedStanding {
        let current = facts.streakCurrent(streak, at: moment)
        return CountedStanding(progress: AwardProgress(current: .int(Int64(current)), target: .int(Int64(days))),
                               holds: current >= days)
    }

    /// A module achievement's standing at `moment`: levels done of the total. `unlockVersion`: the
    /// catalog version its unlock recorded, if unlocked.
    static func module(_ module: ModuleCriterion, facts: inout some ReplayFacts, at moment: FactMoment,
                       unlockVersion: Int?, catalogs: [CatalogRule]) -> CountedStanding {
        let measured = facts.moduleProgress(module, at: moment)
        var standing = CountedStanding(
            progress: AwardProgress(current: .int(Int64(measured.done)), target: .int(Int64(measured.total))),
            holds: measured.isComplete)
        if let recorded = unlockVersion, let catalog = catalogs.first(where: { $0.id == module.catalog }),
           recorded < catalog.version {
            standing.keepsMaximum = false
            let added = module.levelsReleased(after: recorded, in: catalog)
            standing.newLevels = added > 0 ? added : nil
        }
        return standing
    }
}
