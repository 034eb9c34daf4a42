import CEL
import Facts
import RuleModel

// Sleeping awards: locked awards known false for a while leave the walk's list and come back
// when they are due.
extension ReplayRun where Facts: ReplayFacts {
    /// Moves to `sleeping` the awake locked awards (but `except`) that `judge` would pass over
    /// at this checkpoint for what their last judgement showed, and for as long as it does.
    /// One known false only until the next event stays awake: `judge` passes over it at the
    /// checkpoints before that for less than putting it to sleep and waking it costs.
    mutating func putToSleep(atEvents events: Int, except unlocking: [Int]) {
        let unlocks = changes.unlocksInEffect
        locked.removeAll { award in
            guard judgements[award].isKnownFalse(atEvents: events, unlocks: unlocks),
                  judgements[award].falseUntilEvents > events + 1 || judgements[award].falseWhileUnlocks != nil,
                  !unlocking.contains(award) else {
                return false
            }
            sleeping.add(award, untilEvents: judgements[award].falseUntilEvents,
                         untilUnlock: judgements[award].falseWhileUnlocks != nil)
            return true
        }
    }


    /// Wakes the sleepers due at `events`, or waiting for an unlock when one happened since.
    @inline(__always)
    mutating func wakeSleepers(atEvents events: Int) {
        let unlocks = changes.unlocksInEffect
        guard sleeping.anyDue(atEvents: events, unlocked: unlocks != unlocksSeen) else {
            unlocksSeen = unlocks
            return
        }
        wake(atEvents: events, unlocks: unlocks)
    }

    /// `wakeSleepers` once some sleeper is due.
    mutating func wake(atEvents events: Int, unlocks: Int) {
        // The run's own list, emptied and refilled: a new one each time would be allocated at most checkpoints.
        var woken: [Int] = []
        swap(&woken, &wokenBuffer)
        woken.removeAll(keepingCapacity: true)
        sleeping.wake(atEvents: events, unlocked: unlocks != unlocksSeen, into: &woken)
        unlocksSeen = unlocks
        merge(&woken)
        swap(&woken, &wokenBuffer)
    }

    /// Adds awards to the awake ones, keeping award order (the order unlocks are found in): the
    /// few woken are sorted and merged in from the back, not the whole list sorted again.
    mutating func merge(_ woken: inout [Int]) {
        guard !woken.isEmpty else { return }
        woken.sort()
        var kept = locked.count - 1
        var added = woken.count - 1
        locked.append(contentsOf: woken)
        var slot = locked.count - 1
        while added >= 0 {
            if kept >= 0, locked[kept] > woken[added] {
                locked[slot] = locked[kept]
                kept -= 1
            } else {
                locked[slot] = woken[added]
                added -= 1
            }
            slot -= 1
        }
    }
}
