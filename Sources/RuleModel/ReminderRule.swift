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
/// kind (and streak) while its `when` holds at `now`, `before` ahead of it; or, `on: daily`, at a
/// time of day on the local days ahead while its `when` holds at that moment.
package struct ReminderRule: Sendable {
    /// `on: daily`: the time of day, or the user's own from the state's `user.SETTING`.
    package struct Daily: Sendable, Hashable {
        /// The time of day (the calendar's zone) when the user has set none.
        package var at: LocalTime
        /// The `user` key whose `"HH:MM"` replaces `at` (`null` or `false` turns it off).
        package var setting: String?

        package init(at: LocalTime, setting: String? = nil) {
            self.at = at
            self.setting = setting
        }
    }

    /// The `on` written for a daily reminder (not an `upcoming` kind).
    package static let dailyKind = "daily"

    package var id: String
    package var title: String
    package var localizedTitle: LocalizedText
    /// The kind of change it is for; `nil` for a daily reminder (`daily` holds its time).
    package var on: UpcomingKind?
    package var daily: Daily?
    /// For a streak kind: the one streak it is about (`nil`: any).
    package var streak: String?
    /// How long before the change it is due, in seconds (0 … 7 days).
    package var beforeSeconds: Int
    /// Judged at `now` (a daily reminder: at its own moment); `nil`: always.
    package var when: RuleExpression?
    package var meta: CELValue?
    package var span: SourceSpan

    package init(id: String, title: String, localizedTitle: LocalizedText? = nil, on: UpcomingKind, streak: String? = nil,
                beforeSeconds: Int = 0, when: RuleExpression? = nil, meta: CELValue? = nil, span: SourceSpan) {
        self.init(id: id, title: title, localizedTitle: localizedTitle, on: on, daily: nil, streak: streak,
                  beforeSeconds: beforeSeconds, when: when, meta: meta, span: span)
    }

    /// A daily reminder (`on: daily`).
    package init(id: String, title: String, localizedTitle: LocalizedText? = nil, daily: Daily,
                when: RuleExpression? = nil, meta: CELValue? = nil, span: SourceSpan) {
        self.init(id: id, title: title, localizedTitle: localizedTitle, on: nil, daily: daily, streak: nil,
                  beforeSeconds: 0, when: when, meta: meta, span: span)
    }

    private init(id: String, title: String, localizedTitle: LocalizedText?, on: UpcomingKind?, daily: Daily?,
                 streak: String?, beforeSeconds: Int, when: RuleExpression?, meta: CELValue?, span: SourceSpan) {
        self.id = id
        self.title = title
        self.localizedTitle = localizedTitle ?? LocalizedText(title)
        self.on = on
        self.daily = daily
        self.streak = streak
        self.beforeSeconds = beforeSeconds
        self.when = when
        self.meta = meta
        self.span = span
    }

    /// What `on` says: an `upcoming` kind, or `daily`.
    package var kindName: String { on?.rawValue ?? Self.dailyKind }

    /// The longest `before`: a week.
    package static let longestBefore = 7 * 86_400
}
