import ArgumentParser
import Evaluation
import Facts
import Foundation
import Output
import RuleModel
import Rules

/// One `eval` as the command line asked for it, as plain values: `EvalCommand` (through
/// ArgumentParser) and `PlainEvalArguments` (without it) both make one, so they validate and run
/// the same code. Every field is set by both: a field added here does not compile until both set it.
struct EvalRun: Sendable {
    var paths: [String]
    var ruleset: String?
    var now: String?
    var locale: String?
    var badEvents: BadEvents
    var state: String?
    var batch: Bool
    var states: String?
    var jobs: Int?
    var format: EvalCommand.Format
    var writeState: String?
    var watch: Bool

    /// The combinations of options that make no sense, and a `--now` that is not RFC 3339 with
    /// an offset: bad usage, reported before any file is read.
    func validate() throws {
        if let now, case .failure(let problem) = Moment.parse(now) { throw ValidationError("--now '\(now)': \(problem)") }
        if batch {
            guard !watch else { throw ValidationError("--watch does not go with --batch") }
            guard state == nil, writeState == nil else {
                throw ValidationError("--batch reads states from stdin or --states; --state and --write-state do not apply")
            }
            if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
            if format == .html { throw ValidationError("--format html is a page for one state; not with --batch") }
        } else {
            guard state != nil else { throw ValidationError("missing --state (or --batch)") }
            guard states == nil, jobs == nil else { throw ValidationError("--states and --jobs go with --batch") }
        }
    }

    /// `--now` parsed (`validate()` refused any other).
    var moment: Moment? {
        now.flatMap { if case .success(let moment) = Moment.parse($0) { moment } else { nil } }
    }

    /// The files `--watch` watches: the rule files and the state.
    func watchedFiles() throws -> [String] {
        try WatchOption.rulePaths(paths, ruleSet: ruleset) + [state].compactMap { $0 }
    }

    func runOnce() throws {
        let rules = try CommandInput.rules(CommandInput.rulePaths(paths, ruleSet: ruleset))
        guard let state, !batch else {
            try runBatch(rules)
            return
        }
        let decisions = StateDecisionJSON(rules: rules, locale: locale)
        let evaluation = try CommandInput.evaluation(decisions.decider, statePath: state, now: moment, keepsBindings: false,
                                                     badEvents: badEvents)
        if let writeState {
            do {
                try StateWriteBack(state: evaluation.state, newUnlocks: evaluation.decision.unlocks,
                                   now: evaluation.facts.now).write(to: writeState)
            } catch {
                throw CommandInput.usageFailure("error: --write-state \(error)")
            }
        }
        let shown = decisions.decider.shown
        let text = switch format {
        case .json: decisions.document(evaluation)
        case .text: DecisionTextRenderer(rules: shown).render(decisions.decider.decision(of: evaluation))
        case .html: DecisionHTMLRenderer(rules: shown).render(
            DecisionPage(decision: decisions.decider.decision(of: evaluation), calendars: evaluation.streakCalendars()))
        }
        try StandardStream.output.write(text)
        // Without --watch the process has nothing left to do: it ends here, and the system takes
        // back the rules, the replay and the decision at once instead of object by object.
        if !watch { Foundation.exit(0) }
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
        let batch = BatchEvaluation(rules: rules, locale: locale, now: moment, badEvents: badEvents,
                                    jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let result = try batch.run(input: input)
        if result.failed > 0 { throw ExitCode(1) }
    }
}
