/// A day's status (SPEC 2.3).
public enum DayStatus: String, Sendable, Hashable {
    /// Nothing planned.
    case empty
    /// On-time completions reached the plan (terminal).
    case completed
    /// Not completed and the kill moment has passed.
    case expired
    /// Otherwise.
    case open
}
