import CEL

/// One user's facts over time, as the replay reads them. The `Facts` module provides the real one
/// (`StateFacts`); tests can provide their own.
///
/// Moments are asked for in increasing order during one replay, so an implementation may keep
/// state between calls; `variable(_:at:)` must nevertheless return what a fresh build of the facts
/// at that moment would.
public protocol ReplayFacts {
    /// `user.id`.
    var userID: String { get }
    /// The evaluation moment, in its own offset.
    var now: ReportedTime { get }
    /// Events with `at` ≤ `now`, in time order (stable for equal times: file order).
    var timeline: [TimelineEvent] { get }
    /// The kill moment and the end of every day from the earliest event's day up to `now`
    /// (in any order; instants outside that range are ignored by the replay).
    var dayBoundaries: [CELTimestamp] { get }
    /// Unlocks persisted in the state file, in file order.
    var storedUnlocks: [StoredUnlock] { get }
    /// Warnings found while building the facts (future events, refused kill-time changes, …).
    var warnings: [EvaluationWarning] { get }

    /// The UTC offset of the calendar's zone at an instant (under `timezone: event`, the offset of
    /// the last event at or before it) for reporting a checkpoint that no event made.
    func reportingOffset(at instant: CELTimestamp) -> Int
    /// A number that differs between two moments whenever `levels` can differ between them.
    func levelsStamp(at moment: FactMoment) -> Int
    /// The CEL value of a fact variable at a moment (`metrics` and `achievements` are the replay's
    /// own and are never asked for).
    func variable(_ variable: FactVariable, at moment: FactMoment) -> CELValue
    /// A streak's `current` at a moment.
    func streakCurrent(_ streak: String, at moment: FactMoment) -> Int
    /// Done and total counted, released levels of a catalog module at a moment (SPEC 2.6).
    func moduleProgress(catalog: String, module: String, difficulty: String?, at moment: FactMoment) -> (done: Int, total: Int)
    /// Every streak at a moment, in rule order.
    func streakStandings(at moment: FactMoment) -> [StreakStanding]
}
