import Rules

/// `HH:MM` parsing shared by the state file and the calendar.
enum LocalTimeText {
    /// Minutes after midnight, or `nil` when `text` is not a valid `HH:MM`.
    static func parse(_ text: String) -> Int? { LocalTime(text)?.minutes }
}
