import CEL

/// An award reduced to what the replay checks at every checkpoint, by index: its window, the
/// awards it requires, and where its criterion comes from. Keeps the hot loop free of copies
/// of the rule model and of lookups by name.
struct AwardGate: Sendable {
    enum Criterion: Sendable {
        /// The condition in expression slot `slot`.
        case condition(slot: Int)
        /// Streak number `streak` reaching `days`.
        case milestone(streak: Int, days: Int)
        /// Module number `module` complete.
        case module(Int)
    }
    /// A catalog module an award completes.
    struct Module: Sendable {
        var catalog: String
        var module: String
        var difficulty: String?
    }
    var from: CELTimestamp?
    var until: CELTimestamp?
    /// Indices of required awards; `nil` when one of them is not an award at all (never met).
    var requires: [Int]?
    var criterion: Criterion

    func isAvailable(at instant: CELTimestamp) -> Bool {
        if let from, instant < from { return false }
        if let until, instant >= until { return false }
        return true
    }

    /// Whether every required award is unlocked at `instant` (never, when one is not an award).
    func requirementsMet(unlockedSince: [CELTimestamp?], at instant: CELTimestamp) -> Bool {
        guard let requires else { return false }
        return requires.allSatisfy { unlockedSince[$0].map { $0 <= instant } ?? false }
    }
}
