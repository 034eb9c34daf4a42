import CEL

/// An event placed on the calendar: its local day, whether it was late, and what it does to
/// the facts. All of this is decided once, at the event's own time (docs/rules.md, "calendar"), so it is
/// computed in one pass when the timeline is built.
///
/// It names its event by position in the state's (sorted) `events` rather than holding a copy
/// (`FactTimeline.event(of:)`): a million events are held once.
package struct TimelineEvent: Sendable {
    /// Position of the event in `StateFile.events` (processing order).
    package var position: Int {
        get { Int(storedPosition) }
        set { storedPosition = Int32(clamping: newValue) }
    }
    /// The day it belongs to (after `late: next_day` moved it).
    package var day: LocalDay {
        get { LocalDay(number: Int(storedDay)) }
        set { storedDay = Int32(clamping: newValue.number) }
    }
    /// 32 bits each (2³¹ events would take tens of gigabytes of JSON; days are years 1–9999):
    /// a million events are held at once.
    private var storedPosition: Int32
    private var storedDay: Int32
    package var late: Bool
    /// Whether it counts for its day (`day.events`): not late, or moved to the next day.
    package var onTime: Bool
    package var effect: Effect
    /// A warning decided at the event (`kill_time_passed`, `invalid_kill_time`, `unknown_level`).
    package var warning: FactWarning? {
        get { warningBox?.warning }
        set { warningBox = newValue.map(WarningBox.init) }
    }
    /// Boxed: few events have a warning, and a million events are held at once.
    private var warningBox: WarningBox?

    private final class WarningBox: Sendable {
        let warning: FactWarning
        init(_ warning: FactWarning) { self.warning = warning }
    }

    package init(position: Int, day: LocalDay, late: Bool, onTime: Bool, effect: Effect, warning: FactWarning? = nil) {
        storedPosition = Int32(clamping: position)
        storedDay = Int32(clamping: day.number)
        self.late = late
        self.onTime = onTime
        self.effect = effect
        self.warning = warning
    }

    /// What the event changes besides being an event.
    /// Payloads are boxed: inline, the largest would make each of a million events 16 bytes larger.
    package enum Effect: Sendable, Hashable {
        case none
        /// An on-time `task_completed` of `day`.
        case taskCompleted
        /// An accepted `day_planned`.
        indirect case plan(day: LocalDay, tasks: Int)
        /// An accepted `kill_time_changed`.
        indirect case killTime(day: LocalDay, to: Int)
        /// A `freeze_used` covering `covered` (decided per streak when replayed).
        indirect case freeze(covered: LocalDay, streak: String?)
        /// A `level_completed` of a catalog level (by ordinal).
        indirect case level(ordinal: Int, difficulty: String?, time: Double?, moves: Int64?)
    }
}
