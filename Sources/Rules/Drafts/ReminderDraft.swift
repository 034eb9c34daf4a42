import CEL
import Diagnostics
import RuleModel

/// One `reminders` entry as decoded, before the rule set is checked (the streak it names) and
/// its `when` compiled.
struct ReminderDraft: Sendable {
    var id: Located<String>
    var title: LocalizedText?
    /// `nil` for a daily reminder (`daily` holds its time).
    var on: UpcomingKind?
    var daily: ReminderRule.Daily?
    var streak: Located<String>?
    var beforeSeconds: Int
    var when: ExpressionDraft?
    var meta: CELValue?
    var span: SourceSpan
}
