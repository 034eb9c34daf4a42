import CEL

/// The CEL values naming a day (`"2026-03-02"`, its weekday, its ISO week `"2026-W10"`), made
/// once per day: many events and records share them, and formatting a date is not free.
struct DayLabels: Sendable {
    typealias Label = (date: CELValue, weekday: CELValue, week: CELValue)
    private var known: [LocalDay: Label] = [:]
    /// The day asked for last: events come in time order, so most ask for the day before them.
    private var last: (day: LocalDay, label: Label)?

    subscript(day: LocalDay) -> Label {
        mutating get {
            if let last, last.day == day { return last.label }
            if let label = known[day] {
                last = (day, label)
                return label
            }
            let label: Label = (.string(day.description), .int(Int64(day.weekday)), .string(day.isoWeek))
            known[day] = label
            last = (day, label)
            return label
        }
    }
}
