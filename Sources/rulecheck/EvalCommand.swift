import ArgumentParser

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

    /// The run these options ask for.
    var evalRun: EvalRun {
        EvalRun(paths: paths, ruleset: options.ruleset, now: options.now, locale: options.locale, badEvents: options.badEvents,
                state: state, batch: batch, states: states, jobs: jobs, format: format, writeState: writeState,
                watch: watching.watch)
    }

    func validate() throws {
        try evalRun.validate()
    }

    func run() throws {
        let run = evalRun
        guard run.watch else { return try run.runOnce() }
        try watching.repeatRunning(watched: run.watchedFiles, run.runOnce)
    }
}
