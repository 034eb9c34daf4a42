/// What the walk learnt about each streak at the checkpoint it is judging: every award on one
/// streak (milestones, thresholds) asks the same questions there, answered once.
struct StreakAnswers: Sendable {
    /// Per streak: its `current`, and the checkpoint (`checkpoint`) the answer holds for.
    private var currents: [(checkpoint: Int, value: Int)]
    /// Per streak: `ReplayFacts.streakRiseEventCount`'s answer (`nil`: it cannot tell).
    private var riseEventCounts: [(checkpoint: Int, value: Int?)]
    /// A number per checkpoint judged: answers stamped with an older one are forgotten, without
    /// clearing them at every checkpoint.
    private var checkpoint = 1

    init(streaks: Int) {
        currents = Array(filling: (0, 0), count: streaks)
        riseEventCounts = Array(filling: (0, nil), count: streaks)
    }

    /// Forgets every answer (the walk moved to another checkpoint).
    mutating func reset() {
        checkpoint += 1
    }

    /// The streak's `current`, from `ask` the first time.
    mutating func current(_ streak: Int, _ ask: () -> Int) -> Int {
        Self.answer(&currents[streak], at: checkpoint, ask)
    }

    /// The event count from which the streak may next rise, from `ask` the first time.
    mutating func riseEventCount(_ streak: Int, _ ask: () -> Int?) -> Int? {
        Self.answer(&riseEventCounts[streak], at: checkpoint, ask)
    }

    /// The answer kept for `checkpoint`, else `ask`'s, kept.
    private static func answer<Value>(_ kept: inout (checkpoint: Int, value: Value), at checkpoint: Int,
                                      _ ask: () -> Value) -> Value {
        if kept.checkpoint == checkpoint { return kept.value }
        kept = (checkpoint, ask())
        return kept.value
    }
}
