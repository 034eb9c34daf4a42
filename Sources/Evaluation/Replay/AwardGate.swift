import CEL

/// An award reduced to what the replay checks at every checkpoint, by index: its window, whether
/// it requires other awards (which, in `Replay.requirements`), and where its criterion comes
/// from. Plain values only: the walk reads one per award and checkpoint, and a copy of a
/// reference (an array) would cost a retain and a release each time.
struct AwardGate: Sendable {
    enum Criterion: Sendable {
        /// The condition in expression slot `slot`.
        case condition(slot: Int)
        /// Streak number `streak` reaching `days`.
        case milestone(streak: Int, days: Int)
        /// Module number `module` complete.
        case module(Int)
    }
    var from: CELTimestamp?
    var until: CELTimestamp?
    /// Whether it requires other awards (`Replay.requirements`).
    var requiresAwards: Bool
    var criterion: Criterion

    func isAvailable(at instant: CELTimestamp) -> Bool {
        if let from, instant < from { return false }
        if let until, instant >= until { return false }
        return true
    }

    /// Whether every award of `requires` (indices; `nil` when one is not an award at all, never
    /// met) is unlocked at `instant`.
    static func requirementsMet(_ requires: [Int]?, unlockedSince: [CELTimestamp?], at instant: CELTimestamp) -> Bool {
        guard let requires else { return false }
        return requires.allSatisfy { unlockedSince[$0].map { $0 <= instant } ?? false }
    }
}
