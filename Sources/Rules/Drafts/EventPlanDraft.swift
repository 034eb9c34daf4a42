import Diagnostics
import RuleModel

/// A file's `events` key as decoded: the plan it declares (the reserved types completed) and
/// where the key is written, so that a second `events` in the rule set can name both places.
struct EventPlanDraft: Sendable {
    var plan: EventPlan
    /// The `events` key.
    var span: SourceSpan
}
