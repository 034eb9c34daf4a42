import CEL
import Diagnostics
import RuleModel

struct StreakDraft: Sendable {
    enum Qualification: Sendable {
        case counts(ExpressionDraft)
        case day(ExpressionDraft)
    }
    struct MilestoneDraft: Sendable {
        var days: Located<Int>
        var info: AwardInfo
        var id: Located<String>
        /// Where `category` is written; `nil` when it takes the default.
        var categorySpan: SourceSpan?
    }
    var id: Located<String>
    var title: String
    var qualification: Qualification?
    var freezes: StreakRule.FreezePolicy?
    var backfillDays: Int?
    var milestones: [MilestoneDraft]
    var span: SourceSpan
    var localizedTitle: LocalizedText?
    var meta: CELValue?
}
