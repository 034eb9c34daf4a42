import Evaluation
import Facts

/// One state decided under both versions of a rule set, compared (docs/diff.md, "Effects").
package struct StateComparison: Sendable {
    /// Each award that moved, with how, in the new version's award order then the old one's.
    package var awards: [(id: String, kind: EffectKind)]
    /// The sign of new points − old points.
    package var points: Int
    /// For a state whose rank changed: the sign of the new rank's `min_points` − the old one's
    /// (no rank is below every rank); 0 when the rank stays.
    package var rank: Int
    /// The warning codes the decision has under each version.
    package var oldWarnings: Set<String>
    package var newWarnings: Set<String>
    /// The decisions differ in an award's state, `unlocked_at` or `times`, in points or in rank.
    package var changed: Bool

    /// A state the change left alone.
    package static let empty = StateComparison(awards: [], points: 0, rank: 0, oldWarnings: [], newWarnings: [], changed: false)

    package init(awards: [(id: String, kind: EffectKind)], points: Int, rank: Int, oldWarnings: Set<String>,
                 newWarnings: Set<String>, changed: Bool) {
        self.awards = awards
        self.points = points
        self.rank = rank
        self.oldWarnings = oldWarnings
        self.newWarnings = newWarnings
        self.changed = changed
    }

    /// Compares `old` and `new`, decided at the same moment for a state that stores `stored`
    /// unlocks. `oldRanks` and `newRanks` give each version's `min_points` by rank id.
    package init(old: Decision, new: Decision, stored: Set<String>, oldRanks: [String: Int], newRanks: [String: Int]) {
        var oldByID: [String: AwardStanding] = [:]
        for standing in old.achievements { oldByID[standing.id] = standing }
        var newIDs: Set<String> = []
        var awards: [(id: String, kind: EffectKind)] = []
        var changed = false
        for standing in new.achievements {
            newIDs.insert(standing.id)
            let before = oldByID[standing.id]
            if Self.differ(before, standing) { changed = true }
            for kind in Self.effects(old: before, new: standing, stored: stored.contains(standing.id)) {
                awards.append((standing.id, kind))
            }
        }
        for standing in old.achievements where !newIDs.contains(standing.id) {
            if Self.differ(standing, nil) { changed = true }
            for kind in Self.effects(old: standing, new: nil, stored: stored.contains(standing.id)) {
                awards.append((standing.id, kind))
            }
        }
        self.awards = awards
        points = (new.points - old.points).signum()
        // A state that keeps its rank has moved neither way, even if the rank's threshold moved.
        let oldRank = old.rank.flatMap { oldRanks[$0.id] }, newRank = new.rank.flatMap { newRanks[$0.id] }
        rank = switch (oldRank, newRank) {
        case _ where old.rank?.id == new.rank?.id: 0
        case (nil, nil): 0
        case (nil, _): 1
        case (_, nil): -1
        case (let a?, let b?): (b - a).signum()
        }
        oldWarnings = Set(old.warnings.map(\.code))
        newWarnings = Set(new.warnings.map(\.code))
        self.changed = changed || points != 0 || old.rank?.id != new.rank?.id
    }

    /// An award that a version does not define stands as locked there.
    private static func isUnlocked(_ standing: AwardStanding?) -> Bool { standing?.state == .unlocked }

    private static func times(_ standing: AwardStanding?) -> Int {
        standing?.times ?? (isUnlocked(standing) ? 1 : 0)
    }

    private static func differ(_ old: AwardStanding?, _ new: AwardStanding?) -> Bool {
        isUnlocked(old) != isUnlocked(new) || old?.unlockedAt?.instant != new?.unlockedAt?.instant
            || times(old) != times(new)
    }

    /// The effects of 7.5 an award has: `gained` or `lost`; or, unlocked under both, `earlier` or
    /// `later` and, for a repeatable award, `times_changed`.
    private static func effects(old: AwardStanding?, new: AwardStanding?, stored: Bool) -> [EffectKind] {
        switch (isUnlocked(old), isUnlocked(new)) {
        case (false, true): return [.gained]
        case (true, false): return stored ? [] : [.lost]
        case (false, false): return []
        case (true, true):
            var kinds: [EffectKind] = []
            if let before = old?.unlockedAt?.instant, let after = new?.unlockedAt?.instant, before != after {
                kinds.append(after < before ? .earlier : .later)
            }
            let repeatable = old?.times != nil || new?.times != nil
            if repeatable && times(old) != times(new) { kinds.append(.timesChanged) }
            return kinds
        }
    }
}
