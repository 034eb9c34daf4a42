import ArgumentParser
import Diagnostics
import Evaluation
import Foundation
import Output
import Rules

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain why one achievement is locked or unlocked.",
        discussion: """
            Replays the user's history like eval, then shows the achievement's criterion with the \
            value of every part at now, what is still missing if it is locked, and when and by \
            which event it unlocked. Exit status: 0 success, 1 the rules have errors, 2 bad usage \
            (an unknown achievement id) or an unreadable / invalid state file.
            """)

    @Argument(help: "Rule files or folders, then the achievement or milestone id.")
    var arguments: [String]

    @OptionGroup var options: EvaluationOptions

    @Option(help: "The user's state file (JSON, or YAML by extension).")
    var state: String

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, html
    }

    @Option(help: "Output format: text, or html (a self-contained page for a person).")
    var format: Format = .text

    /// The last argument is the achievement; the others are rule paths.
    var achievement: String { arguments.last ?? "" }
    var paths: [String] { Array(arguments.dropLast()) }

    func validate() throws {
        guard arguments.count >= (options.ruleset == nil ? 2 : 1) else {
            throw ValidationError("give the rule files or folders (or --ruleset NAME), then the achievement id")
        }
    }

    func run() throws {
        let rules = try CommandInput.rules(CommandInput.rulePaths(paths, ruleSet: options.ruleset))
        let evaluation = try CommandInput.evaluation(rules: rules, statePath: state, now: options.moment, keepsBindings: true,
                                                     badEvents: options.badEvents)
        let shown = rules.localized(to: options.locale)
        let builder = ExplanationBuilder(rules: shown, outcome: evaluation.outcome, events: evaluation.facts.events)
        guard let explanation = builder.explain(achievement) else {
            var message = "error: no achievement or milestone '\(achievement)' in the rules"
            if let close = Suggestion.closest(to: achievement, in: builder.awardIDs) { message += "; did you mean '\(close)'?" }
            throw CommandInput.usageFailure(message)
        }
        let text = switch format {
        case .text: ExplanationTextRenderer().render(explanation)
        case .html: ExplanationHTMLRenderer(rules: shown).render(explanation)
        }
        try StandardStream.output.write(text)
    }
}
