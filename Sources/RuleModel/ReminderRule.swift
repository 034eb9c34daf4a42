import CEL
import Diagnostics

/// A kind of time-driven change the decision lists in `upcoming` (docs/evaluation.md), which a reminder's
/// `on` names.
package enum UpcomingKind: String, Sendable, Hashable, CaseIterable, Comparable {
    case streakAtRisk = "streak_at_risk"
    case streakFreezes = "streak_freezes"
    case streakBreaks = "streak_breaks"
    case freezeRefill = "freeze_refill"
    case dayExpires = "day_expires"
    case availableFrom = "available_from"
    case availableUntil = "available_until"

    /// Whether an entry of this kind names a streak (and a reminder on it may name one).
    package var isStreakKind: Bool {
        switch self {
        case .streakAtRisk, .streakFreezes, .streakBreaks, .freezeRefill: true
        case .dayExpires, .availableFrom, .availableUntil: false
        }
    }

    /// Entries at one instant are ordered by kind name (docs/evaluation.md).
    package static func < (a: UpcomingKind, b: UpcomingKind) -> Bool { a.rawValue < b.rawValue }
}

/// One `reminders` entry (docs/rules.md, "reminders[]"): due for every `upcoming` entry of its
/// kind (and streak) while its `when` holds at `now`, `before` ahead of it.
package struct ReminderRule: Sendable {
    package var id: String
    package var title: String
    package var localizedTitle: LocalizedText
    package var on: UpcomingKind
    /// For a streak kind: the one streak it is about (`nil`: any).
    package var streak: String?
    /// How long before the change it is due, in seconds (0 … 7 days).
    package var beforeSeconds: Int
    /// Judged at `now`; `nil`: always.
    package var when: RuleExpression?
    package var meta: CELValue?
    package var span: SourceSpan

    package init(id: String, title: String, localizedTitle: LocalizedText? = nil, on: UpcomingKind, streak: String? = nil,
                beforeSeconds: Int = 0, when: RuleExpression? = nil, meta: CELValue? = nil, span: SourceSpan) {
        self.id = id
        self.title = title
        self.localizedTitle = localizedTitle ?? LocalizedText(title)
        self.on = on
        self.streak = streak
        self.beforeSeconds = beforeSeconds
        self.when = when
        self.meta = meta
        self.span = span
    }

    /// The longest `before`: a week.
    package static let longestBefore = 7 * 86_400
}
