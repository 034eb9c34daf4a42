import RuleModel
struct AchievementDraft: Sendable {
    struct ModuleReference: Sendable {
        var catalog: Located<String>
        var module: Located<String>
        var difficulty: Located<String>?
    }
    enum Criterion: Sendable {
        case when(ExpressionDraft)
        case completeModule(ModuleReference)
    }
    var id: Located<String>
    var info: AwardInfo
    var criterion: Criterion?
    var progress: (current: ExpressionDraft, target: ExpressionDraft)?
    var requires: [Located<String>]
    var available: AchievementRule.Window?
}
