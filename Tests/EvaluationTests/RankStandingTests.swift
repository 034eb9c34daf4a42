import Evaluation
import RuleModel
import Rules
import Testing

@Suite struct RankStandingTests {
    static let ranks = [RankRule(id: "novice", title: "Novice", minPoints: 0),
                        RankRule(id: "adept", title: "Adept", minPoints: 500),
                        RankRule(id: "master", title: "Master", minPoints: 2000)]

    @Test(arguments: [
        (0, "novice", "adept" as String?), (499, "novice", "adept"), (500, "adept", "master"),
        (1999, "adept", "master"), (2000, "master", nil), (99_999, "master", nil),
    ])
    func lastRankWithinPointsAndTheNextOne(points: Int, rank: String, next: String?) {
        let standing = RankStanding.standing(points: points, ranks: Self.ranks)
        #expect(standing?.id == rank)
        #expect(standing?.next?.id == next)
        #expect(standing?.next?.minPoints == Self.ranks.first { $0.id == next }?.minPoints)
    }

    @Test func noRanksNoStanding() {
        #expect(RankStanding.standing(points: 10, ranks: []) == nil)
    }
}
