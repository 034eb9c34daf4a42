import ArgumentParser
import CEL
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
    var paths: [String]

    @Option(help: "The user's state file (JSON, or YAML by extension).")
    var state: String

    @Option(help: "The evaluation moment, RFC 3339 with an offset (default: the file's now, else the clock).")
    var now: String?

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Option(name: .customLong("write-state"), help: "Write the state with every unlock persisted to this file.")
    var writeState: String?

    func run() throws {
        let loaded = RuleSetLoader.load(paths: paths, baseline: nil)
        guard let rules = loaded.ruleSet else {
            let report = DiagnosticRenderer.render(loaded.diagnostics, format: .text, fileCount: loaded.files.count,
                                                   sources: loaded.sources)
            FileHandle.standardError.write(Data(report.utf8))
            throw ExitCode(1)
        }

        var moment: Moment?
        if let now {
            switch Moment.parse(now) {
            case .success(let parsed): moment = parsed
            case .failure(let problem): fail("error: --now '\(now)' is \(problem)")
            }
        }
        let stateFile: StateFile
        let facts: StateFacts
        do {
            stateFile = try StateFile.load(path: state)
            facts = try StateFacts(state: stateFile, rules: rules, now: moment ?? stateFile.now ?? Self.clock())
        } catch {
            fail("error: \(error)")
        }

        let outcome = Replay(rules: rules).run(facts)
        if let writeState {
            do {
                try StateWriteBack(state: stateFile, newUnlocks: outcome.decision.unlocks).write(to: writeState)
            } catch {
                fail("error: --write-state \(error)")
            }
        }
        let text = switch format {
        case .json: DecisionJSONRenderer().render(outcome.decision)
        case .text: DecisionTextRenderer().render(outcome.decision, rules: rules)
        }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// The system clock, in UTC, for a state without `now` and no `--now`.
    private static func clock() -> Moment {
        Moment(instant: CELTimestamp(seconds: Int64(Date().timeIntervalSince1970.rounded(.down))), offsetSeconds: 0)
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Self.exit(withError: ExitCode(2))
    }
}
