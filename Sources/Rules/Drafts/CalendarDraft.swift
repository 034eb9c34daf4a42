import Diagnostics
import RuleModel

struct CalendarDraft: Sendable {
    var rule: CalendarRule
    var span: SourceSpan
}
