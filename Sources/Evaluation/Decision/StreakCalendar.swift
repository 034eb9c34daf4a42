import Facts

/// One streak's days at `now`, from its first qualifying day to today, each as the run
/// arithmetic counted it (`StreakDayStatus`): the calendar of the `eval --format html` page.
/// Not part of the decision: only a page asks for it (`UserEvaluation.streakCalendars()`).
package struct StreakCalendar: Sendable, Hashable {
    package struct Day: Sendable, Hashable {
        package var day: LocalDay
        package var status: StreakDayStatus

        package init(day: LocalDay, status: StreakDayStatus) {
            self.day = day
            self.status = status
        }
    }

    package var id: String
    /// Consecutive days, ascending; empty before the first qualifying day.
    package var days: [Day]

    package init(id: String, days: [Day]) {
        self.id = id
        self.days = days
    }
}
