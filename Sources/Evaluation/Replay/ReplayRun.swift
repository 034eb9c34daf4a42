import CEL
import Facts
import RuleModel

/// The mutable state of one replay: which awards are unlocked and since when, and for every
/// condition the stamp of what it read when it was last found false.
struct ReplayRun<Facts> {
    // The run's state, by what it does. Each group is written by the file named in its heading;
    // the decision at `now` reads the results (`findings`).

    let replay: Replay

    // MARK: The walk (ReplayRun.swift; ReplayRun+Growth.swift appends checkpoints)

    /// The checkpoints, in time order; only appended to (a session's growth).
    var checkpoints: [Checkpoint]
    /// The next checkpoint to judge: every one before it was judged (or skipped as judged before).
    var nextCheckpoint = 0
    /// What changed between checkpoints: the unlock counts in effect, and the one place each
    /// checkpoint's stamp is computed (`CheckpointChanges.stamp(at:)`).
    var changes: CheckpointChanges
    /// The CEL bindings at the checkpoint being judged, and the facts (moved in at `init`).
    var bindings: FactBindings<Facts>
    /// Whether the checkpoint after the one being judged has no event of its own: only then is a
    /// streak threshold found false worth marking quiet (at an event it is judged again anyway,
    /// and asking when its streak can rise costs more than it saves on a history of events). Set
    /// once per checkpoint by `walk`, read by `judge`.
    var nextHasNoEvent = false
    /// What `walk` learns about each streak at a checkpoint (kept for its arrays; reset at each).
    var keptStreakAnswers: StreakAnswers

    // MARK: Unlocks found (written by `record` in ReplayRun+Judge.swift only)

    /// Every new unlock, in the order the walk found them (each edge of a repeatable award).
    var found: [UnlockDecision] = []
    /// Every unlock in effect: the stored ones from the start, new ones as they happen.
    var unlocks: [String: UnlockDecision] = [:]
    /// Per award: the instant it is unlocked from (stored or new); `bindings.unlockedSince` mirrors it.
    var unlockedSince: [CELTimestamp?]
    /// Awards whose condition ran over the cost limit while locked (only grows).
    var costLimited: Set<String> = []
    /// Awards whose condition was not judged because the replay's step budget was spent (only grows).
    var budgetLimited: Set<String> = []

    // MARK: Which awards are judged (ReplayRun+Judge.swift and ReplayRun+Sleep.swift)

    /// Per award: what its condition's last evaluations showed (the stamp it was false at, and
    /// until when it stays false); written by `judge` and its helpers, cut short by `grow`.
    var judgements: [AwardJudgement]
    /// Awards not unlocked yet and awake (judged at every checkpoint), in award order.
    var locked: [Int]
    /// Locked awards known false for now, judged again once they wake (`putToSleep`, `wake`).
    var sleeping = SleepingAwards()
    /// The list `wakeSleepers` fills (kept for its capacity).
    var wokenBuffer: [Int] = []
    /// Unlocks in effect (stored and new) when the sleepers were last woken.
    var unlocksSeen = 0

    // MARK: Repeatable awards (docs/evaluation.md, "Repeatable awards")
    // Judged at every checkpoint, unlocking again at each rising edge of their criterion with gates.

    /// Repeatable awards, in award order; never in `locked`.
    let repeatables: [Int]
    /// Per award (repeatable ones only are set): whether it held at the previous checkpoint, and
    /// at the one being judged (flags, not sets: every checkpoint asks). Swapped by `walk`.
    var heldBefore: [Bool]
    var heldNow: [Bool]
    /// Stored unlock instants of each repeatable award: an edge at one of them is that stored unlock.
    let storedRepeats: [String: Set<CELTimestamp>]
    /// New unlocks of repeatable awards (edges not matched by a stored entry), in time order.
    var repeats: [String: [UnlockDecision]] = [:]

}

// The code needs `Facts: ReplayFacts`, the type itself does not: a type whose declaration
// requires a conformance has it checked when the type is made at run time, a scan of every
// conformance in the program the first time.
extension ReplayRun where Facts: ReplayFacts {
    init(replay: Replay, facts: Facts) {
        self.replay = replay
        checkpoints = CheckpointPlan(rules: replay.rules, facts: facts).checkpoints
        // Read from the replay's per-award arrays: copying every award rule out would cost a retain and
        // release of each of its strings and arrays, for every state.
        let count = replay.awardIDs.count
        // Room for every award's unlock at once: grown one unlock at a time, it would be rehashed.
        var unlocks: [String: UnlockDecision] = Dictionary(minimumCapacity: count)
        // Arrays of one repeated value are made with `Array(filling:count:)`, here and in the
        // bindings a state builds (over a dozen arrays a state): it says why.
        var since = [CELTimestamp?](filling: nil, count: count)
        for stored in facts.storedUnlocks where unlocks[stored.id] == nil {
            let position = replay.awardPositions[stored.id]
            unlocks[stored.id] = UnlockDecision(id: stored.id, at: stored.at, points: position.map { replay.awardPoints[$0] } ?? 0,
                                                catalogVersion: stored.catalogVersion)
            if let position { since[position] = stored.at.instant }
        }
        self.unlocks = unlocks
        unlockedSince = since
        repeatables = (0..<count).filter { replay.awardRepeatable[$0] }
        locked = (0..<count).filter { since[$0] == nil && !replay.awardRepeatable[$0] }
        var storedRepeats: [String: Set<CELTimestamp>] = [:]
        for stored in facts.storedUnlocks { storedRepeats[stored.id, default: []].insert(stored.at.instant) }
        self.storedRepeats = storedRepeats
        changes = CheckpointChanges(storedInstants: since.compactMap { $0 }.sorted())
        judgements = Array(filling: AwardJudgement(), count: count)
        keptStreakAnswers = StreakAnswers(streaks: replay.streakIDs.count)
        heldBefore = Array(filling: false, count: count)
        heldNow = heldBefore

        let first = checkpoints.first.map { FactMoment(moment: $0.time, eventCount: $0.eventCount) }
            ?? FactMoment(moment: facts.now, eventCount: facts.events.count)
        let budget = replay.stepBudget(checkpoints: checkpoints.count, days: Replay.daySpan(of: facts))
        // The facts' last use: they move into the bindings (read in the same call, they would be copied).
        bindings = FactBindings(replay: replay, facts: facts, moment: first, stepBudget: budget)
        bindings.unlockedSince = since
    }

    /// The decision at `now`, once the walk is done: the facts go on to `now` in place (the run
    /// is not asked again), not through a copy of them.
    mutating func decideAtNow(keepsBindings: Bool) -> ReplayOutcome {
        let found = findings
        return replay.decide(&bindings.facts, found: found, keepsBindings: keepsBindings)
    }

    /// What the walk found, for the decision at `now`.
    var findings: ReplayFindings {
        ReplayFindings(unlocks: unlocks, checkpoints: checkpoints, costLimited: costLimited, budgetLimited: budgetLimited,
                       repeats: repeats, folds: bindings.folds, stepsUsed: bindings.stepsUsed)
    }

    /// Judges the checkpoints not judged yet (all of them, or the ones `grow` added).
    mutating func walk() {
        // A few checkpoints (a session's step) are judged faster than awards are put to sleep
        // and woken again.
        let sleepsAwards = checkpoints.count - nextCheckpoint >= Self.checkpointsWorthSleeping
        // The run's own answers, taken out for the walk (judging passes them along): a session's
        // step allocates none.
        var streakAnswers = StreakAnswers(streaks: 0)
        swap(&streakAnswers, &keptStreakAnswers)
        defer { swap(&streakAnswers, &keptStreakAnswers) }
        var moduleHolds = [(levels: Int, holds: Bool)?](filling: nil, count: replay.modules.count)
        while nextCheckpoint < checkpoints.count {
            let position = nextCheckpoint
            let checkpoint = checkpoints[position]
            nextCheckpoint += 1
            guard !locked.isEmpty || !sleeping.isEmpty || !repeatables.isEmpty else {
                nextCheckpoint = checkpoints.count
                break
            }
            let moment = FactMoment(moment: checkpoint.time, eventCount: checkpoint.eventCount)
            let levels = bindings.facts.levelsStamp(at: moment)
            let stamp = changes.stamp(at: position, of: checkpoint, levels: levels)
            wakeSleepers(atEvents: checkpoint.eventCount)
            bindings.advance(to: moment, stamp: stamp)
            streakAnswers.reset()
            nextHasNoEvent = nextCheckpoint < checkpoints.count && checkpoints[nextCheckpoint].eventCount == checkpoint.eventCount
            for award in repeatables { heldNow[award] = false }
            // Unlocks of one pass become visible to the next, until nothing more unlocks here.
            while true {
                var unlocking: [Int] = []
                for award in locked where judge(award, checkpoint: checkpoint, moment: moment, levels: levels,
                                                 streaks: &streakAnswers, moduleHolds: &moduleHolds) {
                    unlocking.append(award)
                }
                if sleepsAwards { putToSleep(atEvents: checkpoint.eventCount, except: unlocking) }
                for award in repeatables where !heldNow[award] {
                    guard judge(award, checkpoint: checkpoint, moment: moment, levels: levels,
                                streaks: &streakAnswers, moduleHolds: &moduleHolds) else { continue }
                    heldNow[award] = true
                    if !heldBefore[award] { unlocking.append(award) }
                }
                if unlocking.isEmpty { break }
                for award in unlocking { record(award, at: checkpoint) }
                // A few awards unlock at once: looked for in the list, not hashed into a set made
                // for each pass (a set and its hashing would cost more than the search).
                if unlocking.count <= 16 {
                    locked.removeAll { unlocking.contains($0) }
                } else {
                    let done = Set(unlocking)
                    locked.removeAll { done.contains($0) }
                }
                bindings.unlocksChanged(stored: changes.storedEffective, new: changes.newUnlocks)
                wakeSleepers(atEvents: checkpoint.eventCount)
            }
            swap(&heldBefore, &heldNow)
        }
    }

    static var checkpointsWorthSleeping: Int { 16 }
}

extension ReplayRun: Sendable where Facts: Sendable {}
