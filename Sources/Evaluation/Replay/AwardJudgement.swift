/// What one replay remembers about an award's condition between checkpoints, so that a
/// condition found false is not evaluated again before something it reads moves.
struct AwardJudgement: Sendable {
    /// The stamp at which its condition was last false.
    var falseAt: ChannelStamp?
    /// The event count before which its condition is known to stay false (0: none).
    var falseUntilEvents = 0
    /// For a condition that also reads `achievements`: the number of unlocks in effect when it
    /// was found false; it stays false only while that number does (nil: it reads no unlocks).
    var falseWhileUnlocks: Int?

    /// Whether the condition is still known false at this event count with this many unlocks in
    /// effect: before its folds' next change point, and with no unlock since when it reads unlocks.
    func isKnownFalse(atEvents events: Int, unlocks: Int) -> Bool {
        guard events < falseUntilEvents else { return false }
        return falseWhileUnlocks.map { $0 == unlocks } ?? true
    }
}
