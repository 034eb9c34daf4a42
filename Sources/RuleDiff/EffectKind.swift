/// How a rule change moved one award for one state (docs/diff.md, "Effects"). The raw value is the
/// key of `diff --format json`; `allCases` is its key order.
package enum EffectKind: String, Sendable, Hashable, CaseIterable {
    /// Unlocked under the new version and not under the old.
    case gained
    /// Unlocked under the old version and not under the new, where the state stores no unlock of it.
    case lost
    /// Unlocked under both, the new `unlocked_at` before the old.
    case earlier
    /// Unlocked under both, the new `unlocked_at` after the old.
    case later
    /// A repeatable award unlocked a different number of times.
    case timesChanged = "times_changed"
}
