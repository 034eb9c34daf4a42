/// Locked awards the walk need not judge for now: each is known false until an event count (its
/// folds' next change point, `AwardJudgement.falseUntilEvents`) or, for one that also reads
/// `achievements`, until an award unlocks. Asking each of them at every checkpoint cost more than
/// the judging (a hundred awards over thousands of checkpoints).
struct SleepingAwards: Sendable {
    private var sleepers: [(award: Int, untilEvents: Int, untilUnlock: Bool)] = []
    /// The least `untilEvents` among the sleepers (`Int.max` when none).
    private var earliest = Int.max
    /// Whether a sleeper waits for an unlock.
    private var anyUntilUnlock = false

    var isEmpty: Bool { sleepers.isEmpty }

    mutating func add(_ award: Int, untilEvents: Int, untilUnlock: Bool) {
        sleepers.append((award, untilEvents, untilUnlock))
        earliest = Swift.min(earliest, untilEvents)
        anyUntilUnlock = anyUntilUnlock || untilUnlock
    }

    /// Moves to `woken` the sleepers due at `events`, and when `unlocked` (an award unlocked
    /// since they fell asleep) those that wait for an unlock.
    mutating func wake(atEvents events: Int, unlocked: Bool, into woken: inout [Int]) {
        guard events >= earliest || (unlocked && anyUntilUnlock) else { return }
        earliest = Int.max
        anyUntilUnlock = false
        sleepers.removeAll { sleeper in
            if events >= sleeper.untilEvents || (unlocked && sleeper.untilUnlock) {
                woken.append(sleeper.award)
                return true
            }
            earliest = Swift.min(earliest, sleeper.untilEvents)
            anyUntilUnlock = anyUntilUnlock || sleeper.untilUnlock
            return false
        }
    }

    /// Moves every sleeper to `woken` (what they were known false until no longer holds).
    mutating func wakeAll(into woken: inout [Int]) {
        woken += sleepers.map(\.award)
        sleepers.removeAll()
        earliest = Int.max
        anyUntilUnlock = false
    }
}
