import Diagnostics

struct CalendarDraft: Sendable {
    var rule: CalendarRule
    var span: SourceSpan
}
