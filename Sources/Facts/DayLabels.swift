import CEL

/// The CEL values naming a day (`"2026-03-02"`, its weekday), made once per day: many events and
/// records share them, and formatting a date is not free.
struct DayLabels: Sendable {
    private var known: [LocalDay: (date: CELValue, weekday: CELValue)] = [:]

    subscript(day: LocalDay) -> (date: CELValue, weekday: CELValue) {
        mutating get {
            if let label = known[day] { return label }
            let label: (date: CELValue, weekday: CELValue) = (.string(day.description), .int(Int64(day.weekday)))
            known[day] = label
            return label
        }
    }
}
