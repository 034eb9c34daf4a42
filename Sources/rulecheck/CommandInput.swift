import ArgumentParser
import Evaluation
import Facts
import Foundation
import Output
import Rules

/// What `eval` and `explain` share: loading the rules and the state, and how they fail.
enum CommandInput {
    /// The rule set, or the diagnostics on stderr and exit status 1.
    static func rules(_ paths: [String]) throws -> RuleSet {
        let loaded = RuleSetLoader.load(paths: paths, baseline: nil)
        guard let rules = loaded.ruleSet else {
            let report = DiagnosticRenderer.render(loaded.diagnostics, format: .text, fileCount: loaded.files.count,
                                                   sources: loaded.sources)
            try StandardStream.error.write(report)
            throw ExitCode(1)
        }
        return rules
    }

    /// The replayed state, or the problem (with its JSON path) on stderr and exit status 2.
    static func evaluation(rules: RuleSet, statePath: String, now: String?) throws -> UserEvaluation {
        do {
            return try UserEvaluation(rules: rules, statePath: statePath, now: now)
        } catch {
            throw usageFailure("error: \(error)")
        }
    }

    /// Prints `message` on stderr and returns the exit status 2 to throw.
    static func usageFailure(_ message: String) -> ExitCode {
        StandardStream.failure(message)
    }
}
