import Facts
import RuleModel

/// Decides states with one rule set and finishes each decision as every command shows it: the
/// replay planned once, the state replayed at its moment, the rank titled in the locale. `eval`,
/// `eval --batch` and `diff` decide through it, so a decision is finished in this one place.
package struct StateDecider: Sendable {
    package let replay: Replay
    /// The rules with their texts in the locale (all locales' texts stay in `replay.rules`).
    package let shown: RuleSet

    package init(rules: RuleSet, locale: String? = nil) {
        replay = Replay(rules: rules)
        shown = rules.localized(to: locale)
    }

    /// The state replayed at `now`, else at the state's own `now`, else at the clock.
    package func evaluate(_ state: StateFile, now: Moment?, keepsBindings: Bool = false) throws(StateFileError)
        -> UserEvaluation {
        try UserEvaluation(replay: replay, state: state, now: UserEvaluation.moment(now, fallback: state.now),
                           keepsBindings: keepsBindings)
    }

    /// The evaluation's decision, finished: its rank titled in the locale.
    package func decision(of evaluation: UserEvaluation) -> Decision {
        evaluation.decision.retitled(by: shown)
    }

    /// The state decided at `now` and finished.
    package func decide(_ state: StateFile, now: Moment?) throws(StateFileError) -> Decision {
        decision(of: try evaluate(state, now: now))
    }
}
