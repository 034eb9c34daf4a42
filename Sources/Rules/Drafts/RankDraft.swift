import RuleModel
struct RankDraft: Sendable {
    var id: Located<String>
    var rule: RankRule
    var minPoints: Located<Int>
}
