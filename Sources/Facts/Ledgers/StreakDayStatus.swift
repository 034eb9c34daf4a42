/// How one day of a streak counted, as the run arithmetic of `StreakLedger` saw it: what each
/// day of a streak's calendar shows on the page of `eval --format html`.
package enum StreakDayStatus: String, Sendable, Hashable, CaseIterable {
    /// The day qualified.
    case qualifying
    /// Missed, but a freeze covered it: the run went on.
    case frozen
    /// Missed: the run broke.
    case missed
    /// Today, not qualifying yet and not decided (its kill moment has not passed).
    case pending
    /// Missed on a day whose plan expired at its kill time.
    case expired
}
