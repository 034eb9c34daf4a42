import Evaluation
import Facts
import RuleModel

/// A state decided and written as the JSON decision: `StateDecider`'s finished decision with the
/// rules' `meta` and categories joined in by `DecisionJSONRenderer`. `eval --format json` writes
/// the document, `eval --batch` a line per state.
package struct StateDecisionJSON: Sendable {
    package let decider: StateDecider
    let renderer: DecisionJSONRenderer

    package init(rules: RuleSet, locale: String? = nil) {
        decider = StateDecider(rules: rules, locale: locale)
        renderer = DecisionJSONRenderer(rules: rules, locale: locale)
    }

    /// An evaluation's decision as a JSON document (`eval --format json`).
    package func document(_ evaluation: UserEvaluation) -> String {
        renderer.render(decider.decision(of: evaluation))
    }

    /// A state decided at `now` as one line of JSON, newline included (`eval --batch`).
    package func line(_ state: StateFile, now: Moment?) throws(StateFileError) -> [UInt8] {
        renderer.renderLine(try decider.decide(state, now: now))
    }
}
