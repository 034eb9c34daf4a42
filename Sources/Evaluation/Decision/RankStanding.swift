import RuleModel

/// The user's rank for their points (docs/rules.md, "ranks[]") and the next one to reach.
public struct RankStanding: Sendable, Hashable {
    public struct Next: Sendable, Hashable {
        public var id: String
        public var minPoints: Int
        public init(id: String, minPoints: Int) {
            self.id = id
            self.minPoints = minPoints
        }
    }
    public var id: String
    public var title: String
    /// `nil` at the top rank.
    public var next: Next?

    public init(id: String, title: String, next: Next?) {
        self.id = id
        self.title = title
        self.next = next
    }

    /// The last rank whose `min_points` ≤ `points`; `nil` without ranks (or, defensively, when
    /// every rank needs more points).
    package static func standing(points: Int, ranks: [RankRule]) -> RankStanding? {
        guard let index = ranks.lastIndex(where: { $0.minPoints <= points }) else { return nil }
        let rank = ranks[index]
        let next = index + 1 < ranks.count ? Next(id: ranks[index + 1].id, minPoints: ranks[index + 1].minPoints) : nil
        return RankStanding(id: rank.id, title: rank.title, next: next)
    }
}
