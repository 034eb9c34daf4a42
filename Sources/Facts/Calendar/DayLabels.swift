import CEL

/// The CEL values naming a day (`"2026-03-02"`, its weekday, its ISO week `"2026-W10"`), made
/// once per day: many events and records share them, and formatting a date is not free.
struct DayLabels: Sendable {
    typealias Label = (date: CELValue, weekday: CELValue, week: CELValue)
    private var known: [LocalDay: Label] = [:]

    subscript(day: LocalDay) -> Label {
        mutating get {
            if let label = known[day] { return label }
            let label: Label = (.string(day.description), .int(Int64(day.weekday)), .string(day.isoWeek))
            known[day] = label
            return label
        }
    }
}
