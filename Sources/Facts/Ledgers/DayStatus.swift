/// A day's status (docs/rules.md, "calendar").
package enum DayStatus: String, Sendable, Hashable {
    /// Nothing planned.
    case empty
    /// On-time completions reached the plan (terminal).
    case completed
    /// Not completed and the kill moment has passed.
    case expired
    /// Otherwise.
    case open
}
