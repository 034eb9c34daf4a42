import Evaluation

/// What the page of `eval --format html` shows: the decision, and each streak's days
/// (`UserEvaluation.streakCalendars()`), which the decision does not hold.
package struct DecisionPage: Sendable {
    package var decision: Decision
    /// In rule order; a streak without one shows no calendar.
    package var calendars: [StreakCalendar]

    package init(decision: Decision, calendars: [StreakCalendar]) {
        self.decision = decision
        self.calendars = calendars
    }

    package func calendar(of streak: String) -> StreakCalendar? {
        calendars.first { $0.id == streak }
    }
}
