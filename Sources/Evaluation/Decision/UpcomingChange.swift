import Facts

/// A change that time alone would bring after `now` if no event came (docs/evaluation.md, "What is coming").
public struct UpcomingChange: Sendable, Hashable {
    /// When, in the calendar zone's offset (the last event's under `timezone: event`).
    public var at: Moment
    /// `streak_at_risk`, `streak_freezes`, `streak_breaks`, `freeze_refill`, `day_expires`,
    /// `available_from` or `available_until`.
    public var kind: String
    /// The streak's id, for the streak kinds.
    public var streak: String?
    /// The local date (`YYYY-MM-DD`), for `day_expires`.
    public var day: String?
    /// The award's id, for `available_from` and `available_until`.
    public var achievement: String?

    public init(at: Moment, kind: String, streak: String? = nil, day: String? = nil, achievement: String? = nil) {
        self.at = at
        self.kind = kind
        self.streak = streak
        self.day = day
        self.achievement = achievement
    }

    /// The id of what changes, whichever of `streak`, `day` and `achievement` it is.
    public var subject: String { streak ?? day ?? achievement ?? "" }
}
