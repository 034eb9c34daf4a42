import Diagnostics
import RuleModel
struct AchievementDraft: Sendable {
    struct ModuleReference: Sendable {
        var catalog: Located<String>
        var module: Located<String>
        var difficulty: Located<String>?
        var release: Located<Int>?
        var levels: ModuleCriterion.Levels = .counted
    }
    enum Criterion: Sendable {
        case when(ExpressionDraft)
        case completeModule(ModuleReference)
    }
    var id: Located<String>
    var info: AwardInfo
    /// Where `category` is written; `nil` when it takes the default.
    var categorySpan: SourceSpan?
    var criterion: Criterion?
    var progress: (current: ExpressionDraft, target: ExpressionDraft)?
    var requires: [Located<String>]
    var available: AchievementRule.Window?
}
