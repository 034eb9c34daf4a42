import CEL

/// The CEL values naming a day (`"2026-03-02"`, its weekday, its ISO week `"2026-W10"`), made
/// once per run of events on one day: events come in time order, so most ask for the day
/// before them, and formatting a date is not free. (The labels are short strings, stored inline:
/// keeping those of earlier days would save no memory, and hashing days cost more than it saved.)
struct DayLabels: Sendable {
    /// The day selected last (kept apart from its labels: reading them must not copy the
    /// labels out first).
    private var lastDay: LocalDay?
    /// The labels of the day selected last, read in place by the record being built.
    private(set) var date: CELValue = .null
    private(set) var weekday: CELValue = .null
    private(set) var week: CELValue = .null

    /// Makes `date`, `weekday` and `week` those of `day`.
    mutating func select(_ day: LocalDay) {
        guard lastDay != day else { return }
        lastDay = day
        (date, weekday, week) = (.string(day.description), .int(Int64(day.weekday)), .string(day.isoWeek))
    }
}
