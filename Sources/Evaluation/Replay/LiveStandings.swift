/// Where every award and streak stands at a live replay's `now`: what a session step compares
/// with the previous step's to tell the progress and streaks that moved (`SessionChanges`),
/// without building the whole decision.
package struct LiveStandings: Sendable, Hashable {
    /// Award ids, in decision order.
    package var ids: [String]
    /// Per award (parallel to `ids`): its progress, as the decision at `now` shows it.
    package var progress: [AwardProgress]
    /// Every streak, in rule order.
    package var streaks: [StreakStanding]

    package init(ids: [String], progress: [AwardProgress], streaks: [StreakStanding]) {
        self.ids = ids
        self.progress = progress
        self.streaks = streaks
    }

    /// The standings a decision shows.
    package init(_ decision: Decision) {
        ids = decision.achievements.map(\.id)
        progress = decision.achievements.map(\.progress)
        streaks = decision.streaks
    }
}
