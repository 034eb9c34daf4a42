import CEL
import Facts
import RuleModel

/// One user's facts over time, as the replay reads them. `StateFacts` is the real one (over the
/// `Facts` module's `FactTimeline`); tests can script their own.
///
/// During one replay, moments are asked for in non-decreasing order, so an implementation may
/// advance incrementally; every answer must nevertheless be what a fresh build of the facts at
/// that moment would give.
///
/// Every requirement is written by each implementation (no defaults): one that forgot an
/// incremental answer (`dayChanges`, `streaksStamp`, `daysStamp`, …) would stay correct but read
/// everything again at each checkpoint, so forgetting one is a compile error instead.
package protocol ReplayFacts {
    /// `user.id`.
    var userID: String { get }
    /// The evaluation moment, in its own offset.
    var now: Moment { get }
    /// Events with `at` ≤ `now`, in processing order (by time, equal times in file order).
    var events: [StateEvent] { get }
    /// Every event of the state, those after `now` too: what the tracking plan checks.
    var writtenEvents: [StateEvent] { get }
    /// The kill moment and the end of every day from the earliest event's day up to `now`, each
    /// in the offset it is reported in (docs/evaluation.md, "Replay").
    var timeCheckpoints: [Moment] { get }
    /// Unlocks persisted in the state file, in file order.
    var storedUnlocks: [StoredUnlock] { get }

    /// The UTC offset to report an instant in when no event happened at it: the calendar zone's,
    /// or under `timezone: event` the offset of the last event at or before it.
    func reportingOffset(at instant: CELTimestamp) -> Int
    /// A number that differs between two moments whenever `levels` can differ between them.
    mutating func levelsStamp(at moment: FactMoment) -> Int
    /// The CEL value of a fact variable at a moment (`metrics` and `achievements` are the replay's
    /// own and are never asked for).
    mutating func variable(_ variable: FactVariable, at moment: FactMoment) -> CELValue
    /// At least as many days as `days` holds at `moment`, told without building their records.
    mutating func dayCount(at moment: FactMoment) -> Int
    /// The records of `days` at `moment` rebuilt since `mark` (their offsets, to `changed`), or
    /// `everything: true` when all must be read again; and the mark for next time.
    mutating func dayChanges(since mark: DayChangeMark, at moment: FactMoment,
                             _ changed: (Int) -> Void) -> (mark: DayChangeMark, everything: Bool)
    /// A number that differs between two moments whenever the state of one of `streaks`
    /// (indices in rule order; `nil`: every streak) can differ between them; `nil` when the facts
    /// do not follow their streaks (every moment then counts as a change).
    mutating func streaksStamp(_ streaks: [Int]?, at moment: FactMoment) -> Int?
    /// A number that differs between two moments whenever `days` can differ between them; `nil`
    /// when the facts do not follow their day records (every moment then counts as a change).
    mutating func daysStamp(at moment: FactMoment) -> Int?
    /// A streak's `current` at a moment.
    mutating func streakCurrent(_ streak: String, at moment: FactMoment) -> Int
    /// The same, told the streak's index in the rule set's order when the replay knows it (the
    /// walk asks at most checkpoints: no id looked up).
    mutating func streakCurrent(_ streak: String, ruleIndex: Int?, at moment: FactMoment) -> Int
    /// A streak's whole-number field (`current`, `longest`, `total_days`, `freezes_available`) at a moment, as its
    /// record in `streaks` holds it; `nil` when the streak or the field is not there.
    mutating func streakFigure(_ streak: String, _ field: FactTypes.StreakField, at moment: FactMoment) -> Int?
    /// The event count from which a streak's `current`, `longest` and `total_days` may next rise
    /// above their values at `moment` (`Int.max`: not within the events); `nil` when they may
    /// rise sooner (with time alone) or the facts cannot tell. `streak`: its index in the rule
    /// set's order (asked at most checkpoints: no id looked up).
    mutating func streakRiseEventCount(_ streak: Int, at moment: FactMoment) -> Int?
    /// Done and total of the levels a `complete_module` counts at a moment (docs/rules.md, "achievements[]").
    mutating func moduleProgress(_ criterion: ModuleCriterion, at moment: FactMoment) -> ModuleProgress
    /// Every streak at a moment, in rule order.
    mutating func streakStandings(at moment: FactMoment) -> [StreakStanding]
    /// Warnings about the state as of a moment (future events, refused kill-time changes, …).
    mutating func warnings(at moment: FactMoment) -> [EvaluationWarning]
    /// Per event of `events`: the number (`LocalDay.number`) of the day whose `day.events` holds
    /// it, or `Int32.min` for a late event, which no day's `events` holds; empty when the facts
    /// do not place events on days (daily folds are then evaluated as written).
    var onTimeDays: [Int32] { get }
    /// Per streak (index in rule order) whose `counts` failed for some event: the first such
    /// event (index in the state file) and the error.
    var streakCountsErrors: [Int: (event: Int, error: CELError)] { get }
    /// The changes time alone brings after `now`, through the end of the day after today, at the
    /// facts' own time checkpoints (docs/evaluation.md, "What is coming"; award windows excepted: the replay adds
    /// them).
    mutating func timeDrivenChanges() -> (horizon: Moment, changes: [TimeDrivenChange])?
    /// A daily reminder's moments at `time` of day after `now` (today and the next local day),
    /// each with the facts there as they would be with no further event.
    mutating func dailyMoments(at time: LocalTime) -> [(day: LocalDay, facts: FactSnapshot)]
}

