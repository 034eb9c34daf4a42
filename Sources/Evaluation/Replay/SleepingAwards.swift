/// Locked awards the walk need not judge for now: each is known false until an event count (its
/// folds' next change point, `AwardJudgement.falseUntilEvents`) or, for one that also reads
/// `achievements`, until an award unlocks. Asking each of them at every checkpoint cost more than
/// the judging (a hundred awards over thousands of checkpoints).
///
/// Sleepers that wait for an event count alone are kept by that count, latest first, so waking
/// the ones due takes them off the end: a pass over every sleeper at each event cost more than
/// the awake awards' judging once streak thresholds slept until their streak's next event.
struct SleepingAwards: Sendable {
    private typealias Sleeper = (award: Int, untilEvents: Int)
    /// Sleepers that wait for an event count only, by `untilEvents` descending.
    private var byEvents: [Sleeper] = []
    /// Sleepers that also wake at an unlock, in the order they fell asleep.
    private var untilUnlock: [Sleeper] = []
    /// The least `untilEvents` in `untilUnlock` (`Int.max` when none).
    private var earliestUntilUnlock = Int.max

    var isEmpty: Bool { byEvents.isEmpty && untilUnlock.isEmpty }

    /// Whether `wake` would wake anyone (asked at every checkpoint, where mostly no one is due).
    @inline(__always)
    func anyDue(atEvents events: Int, unlocked: Bool) -> Bool {
        (byEvents.last.map { $0.untilEvents <= events } ?? false)
            || (!untilUnlock.isEmpty && (unlocked || events >= earliestUntilUnlock))
    }

    mutating func add(_ award: Int, untilEvents: Int, untilUnlock waitsForUnlock: Bool) {
        guard !waitsForUnlock else {
            untilUnlock.append((award, untilEvents))
            earliestUntilUnlock = Swift.min(earliestUntilUnlock, untilEvents)
            return
        }
        // After every sleeper due later: moved up one place from the end (the generic `insert`
        // cost more than the move of the few sleepers due sooner).
        byEvents.append((award, untilEvents))
        var slot = byEvents.count - 1
        while slot > 0, byEvents[slot - 1].untilEvents < untilEvents {
            byEvents[slot] = byEvents[slot - 1]
            slot -= 1
        }
        byEvents[slot] = (award, untilEvents)
    }

    /// Moves to `woken` the sleepers due at `events`, and when `unlocked` (an award unlocked
    /// since they fell asleep) those that wait for an unlock.
    mutating func wake(atEvents events: Int, unlocked: Bool, into woken: inout [Int]) {
        while let last = byEvents.last, last.untilEvents <= events {
            woken.append(last.award)
            byEvents.removeLast()
        }
        guard unlocked || events >= earliestUntilUnlock, !untilUnlock.isEmpty else { return }
        earliestUntilUnlock = Int.max
        untilUnlock.removeAll { sleeper in
            if unlocked || events >= sleeper.untilEvents {
                woken.append(sleeper.award)
                return true
            }
            earliestUntilUnlock = Swift.min(earliestUntilUnlock, sleeper.untilEvents)
            return false
        }
    }

    /// Moves every sleeper to `woken` (what they were known false until no longer holds).
    mutating func wakeAll(into woken: inout [Int]) {
        woken += byEvents.map(\.award)
        woken += untilUnlock.map(\.award)
        byEvents.removeAll()
        untilUnlock.removeAll()
        earliestUntilUnlock = Int.max
    }
}
