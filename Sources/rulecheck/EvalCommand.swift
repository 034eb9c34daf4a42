import ArgumentParser
import Evaluation
import Facts
import Foundation
import Output
import RuleModel
import Rules

struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate a user's state file against the rules.",
        discussion: """
            Replays the user's history (docs/evaluation.md, "Replay") and prints what unlocks, when, and how far every \
            achievement is. Exit status: 0 success, 1 the rules have errors, 2 bad usage or an \
            unreadable / invalid state file (nothing is written then).

            With --batch, reads one JSON state per line (NDJSON) from stdin or --states and writes \
            one decision per line, in input order, each the --format json decision on one line; a \
            bad line gives {"line": N, "path": ..., "error": ...} and the run goes on. Exit status \
            1 when any line failed.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, html
    }

    @Argument(help: "Rule files or folders (every *.yaml / *.yml inside, recursively).")
    var paths: [String] = []

    @OptionGroup var options: EvaluationOptions

    @Option(help: "The user's state file (JSON, or YAML by extension).")
    var state: String?

    @Flag(help: "Evaluate many states: NDJSON in (stdin, or --states), NDJSON decisions out.")
    var batch = false

    @Option(help: "With --batch: read the states from this file instead of stdin.")
    var states: String?

    @Option(help: "With --batch: how many states to evaluate at once (default: every core).")
    var jobs: Int?

    @Option(help: "Output format: text, json, or html (a self-contained page for a person).")
    var format: Format = .text

    @Option(name: .customLong("write-state"), help: "Write the state with every unlock persisted to this file.")
    var writeState: String?

    @OptionGroup var watching: WatchOption

    func validate() throws {
        if batch {
            guard !watching.watch else { throw ValidationError("--watch does not go with --batch") }
            guard state == nil, writeState == nil else {
                throw ValidationError("--batch reads states from stdin or --states; --state and --write-state do not apply")
            }
            if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
            if format == .html { throw ValidationError("--format html is a page for one state; not with --batch") }
            if let now = options.now, case .failure(let problem) = Moment.parse(now) {
                throw ValidationError("--now '\(now)': \(problem)")
            }
        } else {
            guard state != nil else { throw ValidationError("missing --state (or --batch)") }
            guard states == nil, jobs == nil else { throw ValidationError("--states and --jobs go with --batch") }
        }
    }

    func run() throws {
        guard watching.watch else { return try runOnce() }
        try watching.repeatRunning(watched: {
            try WatchOption.rulePaths(paths, ruleSet: options.ruleset) + [state].compactMap { $0 }
        }, runOnce)
    }

    func runOnce() throws {
        let rules = try CommandInput.rules(CommandInput.rulePaths(paths, ruleSet: options.ruleset))
        guard let state, !batch else {
            try runBatch(rules)
            return
        }
        let evaluation = try CommandInput.evaluation(rules: rules, statePath: state, now: options.now, keepsBindings: false,
                                                     badEvents: options.badEvents)
        if let writeState {
            do {
                try StateWriteBack(state: evaluation.state, newUnlocks: evaluation.decision.unlocks,
                               now: evaluation.facts.now).write(to: writeState)
            } catch {
                throw CommandInput.usageFailure("error: --write-state \(error)")
            }
        }
        let shown = rules.localized(to: options.locale)
        let decision = evaluation.decision.retitled(by: shown)
        let text = switch format {
        case .json: DecisionJSONRenderer(rules: rules, locale: options.locale).render(decision)
        case .text: DecisionTextRenderer(rules: shown).render(decision)
        case .html: DecisionHTMLRenderer(rules: shown).render(
            DecisionPage(decision: decision, calendars: evaluation.streakCalendars()))
        }
        try StandardStream.output.write(text)
    }

    private func runBatch(_ rules: RuleSet) throws {
        let input: FileHandle
        if let states {
            guard let handle = FileHandle(forReadingAtPath: states) else {
                throw CommandInput.usageFailure("error: --states \(states): cannot read the file")
            }
            input = handle
        } else {
            input = FileHandle.standardInput
        }
        let batch = BatchEvaluation(rules: rules, locale: options.locale, now: options.now, badEvents: options.badEvents,
                                    jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let result = try batch.run(input: input)
        if result.failed > 0 { throw ExitCode(1) }
    }
}
