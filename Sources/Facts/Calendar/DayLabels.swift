import CEL

/// The CEL values naming a day (`"2026-03-02"`, its weekday, its ISO week `"2026-W10"`), made
/// once per run of events on one day: events come in time order, so most ask for the day
/// before them, and formatting a date is not free. (The labels are short strings, stored inline:
/// keeping those of earlier days would save no memory, and hashing days cost more than it saved.)
struct DayLabels: Sendable {
    typealias Label = (date: CELValue, weekday: CELValue, week: CELValue)
    /// The day asked for last and its label (kept apart, not as an optional pair: reading it
    /// must not copy the label).
    private var lastDay: LocalDay?
    private var lastLabel: Label = (.null, .null, .null)

    subscript(day: LocalDay) -> Label {
        mutating get {
            if lastDay != day {
                lastDay = day
                lastLabel = (.string(day.description), .int(Int64(day.weekday)), .string(day.isoWeek))
            }
            return lastLabel
        }
    }
}
