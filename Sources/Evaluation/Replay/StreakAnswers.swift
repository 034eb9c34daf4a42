/// What the walk learnt about each streak at the checkpoint it is judging: every award on one
/// streak (milestones, thresholds) asks the same questions there, answered once.
struct StreakAnswers: Sendable {
    /// Per streak: the answer and the checkpoint (`checkpoint`) it holds for.
    private var currents: [(checkpoint: Int, value: Int)]
    /// `ReplayFacts.streakRiseEventCount`'s answers (`nil`: it cannot tell).
    private var riseEventCounts: [(checkpoint: Int, value: Int?)]
    /// A number per checkpoint judged: answers stamped with an older one are forgotten, without
    /// clearing them at every checkpoint.
    private var checkpoint = 1

    init(streaks: Int) {
        currents = Array(repeating: (0, 0), count: streaks)
        riseEventCounts = Array(repeating: (0, nil), count: streaks)
    }

    /// Forgets every answer (the walk moved to another checkpoint).
    mutating func reset() {
        checkpoint += 1
    }

    /// The streak's `current`, from `ask` the first time.
    mutating func current(_ streak: Int, _ ask: () -> Int) -> Int {
        if currents[streak].checkpoint == checkpoint { return currents[streak].value }
        let current = ask()
        currents[streak] = (checkpoint, current)
        return current
    }

    /// The event count from which the streak may next rise, from `ask` the first time.
    mutating func riseEventCount(_ streak: Int, _ ask: () -> Int?) -> Int? {
        if riseEventCounts[streak].checkpoint == checkpoint { return riseEventCounts[streak].value }
        let count = ask()
        riseEventCounts[streak] = (checkpoint, count)
        return count
    }
}
