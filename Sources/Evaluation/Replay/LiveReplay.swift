import CEL
import Facts

/// A replay kept between the steps of a session (docs/engine.md, "Cost"): its facts, fold tables,
/// checkpoints and walk live on, and each step grows them by one event (or moves `now` on)
/// and judges only the checkpoints after the previous `now`. The structures grow by what the
/// step adds; nothing is rebuilt from the whole history.
///
/// The walk's unlocks are the full replay's of the grown state (the steps' unlocks stored):
/// a checkpoint judged at an earlier step's `now` is judged with the facts of that moment,
/// which a later event (strictly after it) does not change.
package struct LiveReplay: Sendable {
    private var run: ReplayRun<StateFacts>
    /// Per expression slot, the folds it reads (`FactBindings.slotFolds`; taken again when the
    /// bindings go over to the plain slots).
    private var slotFolds: [[Int]]
    /// Per award, the on-demand slots of its progress figures.
    private let progressSlots: [ReplayRun<StateFacts>.ProgressSlots]
    /// The unlocks the first walk found (a replay of the whole state given).
    package let initialUnlocks: [UnlockDecision]

    /// Replays `state` at `now` in full, to be grown step by step.
    package init(replay: Replay, state: StateFile, now: Moment) throws(StateFileError) {
        run = ReplayRun(replay: replay, facts: try StateFacts(state: state, rules: replay.rules, now: now, qualifiers: replay.streakQualifiers))
        run.walk()
        progressSlots = run.addProgressSlots()
        slotFolds = run.bindings.slotFolds()
        // Room for a session's worth of steps (a quarter of the history, at least 64 events):
        // the arrays are built to the history's size, and the first step would move them all.
        run.reserveForGrowth(64 + run.bindings.facts.events.count / 4)
        initialUnlocks = Self.sorted(run.found[...])
    }

    /// The moment of the last step.
    package var now: Moment { run.bindings.facts.now }
    /// The state's events (the live replay holds them once: the session does not copy them).
    package var events: [StateEvent] { run.bindings.facts.timeline.state.events }

    /// The appends of the steps so far that copied a shared array instead of growing it in
    /// place (debug builds; always 0 in release builds): tests hold it at 0.
    package var copiedAppends: Int { run.bindings.copiedAppends }

    /// Whether `step` can take `event` at `now`: it is later than the last step's moment, every
    /// event of the state is at or before it, and it changes no kill time.
    package func canStep(with event: StateEvent?, to now: Moment) -> Bool {
        guard let event else {
            return now.instant >= self.now.instant && run.bindings.facts.timeline.events.count == events.count
        }
        return run.bindings.facts.timeline.canAppend(event, now: now)
    }

    /// Grows the replay by `event` (or none) and moves it to `now` (`canStep`), judging the new
    /// checkpoints; returns the unlocks found, in time order (equal instants by id). Throws,
    /// with nothing judged, when the history's day span grows past the limit.
    package mutating func step(with event: StateEvent?, to now: Moment) throws(StateFileError) -> [UnlockDecision] {
        let before = run.found.count
        let wasPlain = run.bindings.plain
        try run.grow(by: event, now: now, slotFolds: slotFolds)
        if run.bindings.plain != wasPlain { slotFolds = run.bindings.slotFolds() }
        run.walk()
        return Self.sorted(run.found[before...])
    }

    /// Where every award and streak stands at `now` (what the decision shows of them), from the
    /// kept folds and metrics: no expression is evaluated over the whole history.
    package mutating func standings() -> LiveStandings {
        run.standings(progressSlots: progressSlots)
    }

    /// The decision at `now` from what the walks found: its `unlocks` are every new unlock since
    /// the first walk (the state's stored ones as the replay was started).
    package func decision() -> Decision {
        run.replay.decide(run.bindings.facts, found: run.findings, keepsBindings: false).decision
    }

    /// `upcoming` and `reminders` at `now` (docs/evaluation.md), without the rest of the decision: the
    /// look-ahead over the kept facts. Reminders with a `when`, and daily ones, are judged as the
    /// decision judges them, so then the decision is built (once).
    package func coming() -> (upcoming: [UpcomingChange], reminders: [DueReminder]) {
        guard run.replay.rules.reminders.allSatisfy({ $0.when == nil && $0.daily == nil }) else {
            let decision = decision()
            return (decision.upcoming, decision.reminders)
        }
        var facts = run.bindings.facts
        let upcoming = run.replay.upcoming(&facts, unlocks: run.findings.unlocks)
        return (upcoming, run.replay.dueReminders(upcoming, facts: facts) { _ in .bool(true) })
    }

    private static func sorted(_ unlocks: ArraySlice<UnlockDecision>) -> [UnlockDecision] {
        unlocks.sorted { $0.at.instant != $1.at.instant ? $0.at.instant < $1.at.instant : $0.id < $1.id }
    }
}
