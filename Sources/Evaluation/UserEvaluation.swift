import CEL
import Facts
import Foundation
import RuleModel

/// One user's state replayed against a rule set: what `eval` and `explain` start from, and the
/// simplest entry point for an app or a service that embeds the engine.
package struct UserEvaluation {
    package let rules: RuleSet
    package let state: StateFile
    /// The state's facts, as the replay left them (moved on to `now`).
    package let facts: StateFacts
    package let outcome: ReplayOutcome

    /// The decision of docs/evaluation.md, "The decision".
    package var decision: Decision { outcome.decision }

    /// Replays an already loaded state at a fixed moment.
    package init(rules: RuleSet, state: StateFile, now: Moment) throws(StateFileError) {
        try self.init(replay: Replay(rules: rules), state: state, now: now)
    }

    /// Replays a state with a replay planned once for many states (planning the rule set's folds
    /// costs about as much as replaying a short history).
    /// `keepsBindings: false` (a decision alone: `eval --batch`, the engine) leaves
    /// `outcome.bindingsAtNow` empty.
    package init(replay: Replay, state: StateFile, now: Moment, keepsBindings: Bool = true) throws(StateFileError) {
        rules = replay.rules
        self.state = state
        let facts = try StateFacts(state: state, rules: replay.rules, now: now, qualifiers: replay.streakQualifiers)
        // Handed to the replay and back, not kept here as well: a copy retains every array they
        // hold. Taken from the pair into locals first: assigned from it, the facts would be copied.
        let (outcome, replayed) = replay.runKeepingFacts(facts, keepsBindings: keepsBindings)
        self.outcome = outcome
        self.facts = replayed
    }

    /// Every streak's calendar at `now`, in rule order: what the `eval --format html` page draws.
    /// Replays the state's days once more on a copy of the facts; the decision is not touched.
    package func streakCalendars() -> [StreakCalendar] {
        var facts = self.facts
        return facts.streakCalendars()
    }

    /// `now` (the command line's `--now`, parsed there), else `fallback` (the state's `now`), else
    /// the clock.
    package static func moment(_ now: Moment?, fallback: Moment?) -> Moment {
        if let now { return now }
        if let fallback { return fallback }
        let seconds = Int64(Date().timeIntervalSince1970.rounded(.down))
        return Moment(instant: CELTimestamp(seconds: seconds), offsetSeconds: 0)
    }
}
