import ArgumentParser
import Evaluation
import Facts
import Foundation
import Output
import Rules

struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate a user's state file against the rules.",
        discussion: """
            Replays the user's history (SPEC 5) and prints what unlocks, when, and how far every \
            achievement is. Exit status: 0 success, 1 the rules have errors, 2 bad usage or an \
            unreadable / invalid state file (nothing is written then).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "Rule files or folders (every *.yaml / *.yml inside, recursively).")
    var paths: [String] = []

    @Option(help: "A rule set named in rulecheck.yaml, instead of paths.")
    var ruleset: String?

    @Option(help: "The user's state file (JSON, or YAML by extension).")
    var state: String

    @Option(help: "The evaluation moment, RFC 3339 with an offset (default: the file's now, else the clock).")
    var now: String?

    @Option(help: "The locale of titles (a BCP 47 tag: exact tag, then the same language, then the default).")
    var locale: String?

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Option(name: .customLong("write-state"), help: "Write the state with every unlock persisted to this file.")
    var writeState: String?

    func run() throws {
        let rules = try CommandInput.rules(CommandInput.rulePaths(paths, ruleSet: ruleset))
        let evaluation = try CommandInput.evaluation(rules: rules, statePath: state, now: now)
        if let writeState {
            do {
                try StateWriteBack(state: evaluation.state, newUnlocks: evaluation.decision.unlocks,
                               now: evaluation.facts.now).write(to: writeState)
            } catch {
                throw CommandInput.usageFailure("error: --write-state \(error)")
            }
        }
        let shown = rules.localized(to: locale)
        let decision = evaluation.decision.retitled(by: shown)
        let text = switch format {
        case .json: DecisionJSONRenderer(rules: rules).render(decision)
        case .text: DecisionTextRenderer().render(decision, rules: shown)
        }
        try StandardStream.output.write(text)
    }
}
