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
        /// Boxed: a reference is twice the size of an expression, and most achievements have a `when`.
        indirect case completeModule(ModuleReference)
    }

    /// `progress: { current, target }`, boxed: few achievements give one.
    private final class ExplicitProgress: Sendable {
        let current: ExpressionDraft
        let target: ExpressionDraft

        init(current: ExpressionDraft, target: ExpressionDraft) {
            self.current = current
            self.target = target
        }
    }

    private final class Parts: Sendable {
        let id: Located<String>
        let info: AwardInfo
        let categorySpan: SourceSpan?
        let criterion: Criterion?
        let progress: ExplicitProgress?
        let requires: [Located<String>]
        let available: AchievementRule.Window?

        init(id: Located<String>, info: AwardInfo, categorySpan: SourceSpan?, criterion: Criterion?,
             progress: (current: ExpressionDraft, target: ExpressionDraft)?, requires: [Located<String>],
             available: AchievementRule.Window?) {
            self.id = id
            self.info = info
            self.categorySpan = categorySpan
            self.criterion = criterion
            self.progress = progress.map { ExplicitProgress(current: $0.current, target: $0.target) }
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
    var progress: (current: ExpressionDraft, target: ExpressionDraft)? { parts.progress.map { ($0.current, $0.target) } }
    var requires: [Located<String>] { parts.requires }
    var available: AchievementRule.Window? { parts.available }

    init(id: Located<String>, info: AwardInfo, categorySpan: SourceSpan?, criterion: Criterion?,
         progress: (current: ExpressionDraft, target: ExpressionDraft)?, requires: [Located<String>],
         available: AchievementRule.Window?) {
        parts = Parts(id: id, info: info, categorySpan: categorySpan, criterion: criterion, progress: progress,
                      requires: requires, available: available)
    }
}
