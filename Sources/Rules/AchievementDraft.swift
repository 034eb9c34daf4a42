import Diagnostics
import RuleModel

/// One `achievements` entry as decoded, before the rule set is checked and its expressions
/// compiled.
///
/// Immutable, and held in a box of its own: a rule file may hold thousands of achievements, and
/// the assembler releases each draft as soon as its rule is made (`RuleSetAssembler`), so the
/// drafts and the rule set they become are never both held whole.
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

    private final class Parts: Sendable {
        let id: Located<String>
        let info: AwardInfo
        let categorySpan: SourceSpan?
        let criterion: Criterion?
        let progress: (current: ExpressionDraft, target: ExpressionDraft)?
        let requires: [Located<String>]
        let available: AchievementRule.Window?

        init(id: Located<String>, info: AwardInfo, categorySpan: SourceSpan?, criterion: Criterion?,
             progress: (current: ExpressionDraft, target: ExpressionDraft)?, requires: [Located<String>],
             available: AchievementRule.Window?) {
            self.id = id
            self.info = info
            self.categorySpan = categorySpan
            self.criterion = criterion
            self.progress = progress
            self.requires = requires
            self.available = available
        }
    }

    private let parts: Parts

    var id: Located<String> { parts.id }
    var info: AwardInfo { parts.info }
    /// Where `category` is written; `nil` when it takes the default.
    var categorySpan: SourceSpan? { parts.categorySpan }
    var criterion: Criterion? { parts.criterion }
    var progress: (current: ExpressionDraft, target: ExpressionDraft)? { parts.progress }
    var requires: [Located<String>] { parts.requires }
    var available: AchievementRule.Window? { parts.available }

    init(id: Located<String>, info: AwardInfo, categorySpan: SourceSpan?, criterion: Criterion?,
         progress: (current: ExpressionDraft, target: ExpressionDraft)?, requires: [Located<String>],
         available: AchievementRule.Window?) {
        parts = Parts(id: id, info: info, categorySpan: categorySpan, criterion: criterion, progress: progress,
                      requires: requires, available: available)
    }
}
