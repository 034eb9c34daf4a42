import RuleModel

/// A change that time alone brings after `now` (docs/evaluation.md, "What is coming"): found by replaying the facts
/// over the time checkpoints ahead, with no further event.
package struct TimeDrivenChange: Sendable, Hashable {
    package var at: Moment
    package var kind: UpcomingKind
    /// The streak's id, or the day's date (`YYYY-MM-DD`), or the award's id.
    package var subject: String

    package init(at: Moment, kind: UpcomingKind, subject: String) {
        self.at = at
        self.kind = kind
        self.subject = subject
    }
}
