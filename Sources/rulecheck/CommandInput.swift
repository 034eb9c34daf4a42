import ArgumentParser
import Diagnostics
import Evaluation
import Facts
import Foundation
import Output
import RuleModel
import Rules
import RulecheckEngine
import StateFileYAML

/// What `eval` and `explain` share: loading the rules and the state, and how they fail.
enum CommandInput {
    /// The rule set, or the diagnostics on stderr and exit status 1.
    static func rules(_ paths: [String]) throws -> RuleSet {
        // One compiled bundle (`rulecheck compile`) instead of rule files.
        if paths.count == 1, paths[0].lowercased().hasSuffix(".json") {
            do {
                return try EngineRules(bundleAt: paths[0]).ruleSet
            } catch {
                try StandardStream.error.write("error: \(error)\n")
                throw ExitCode(1)
            }
        }
        // Rule tests are `validate`'s and `test`'s to load.
        let loaded = RuleSetLoader.load(paths: paths, baseline: nil, readsTests: false)
        guard let rules = loaded.ruleSet else {
            let report = DiagnosticRenderer.render(loaded.diagnostics, format: .text, fileCount: loaded.files.count,
                                                   sources: loaded.sources)
            try StandardStream.error.write(report)
            throw ExitCode(1)
        }
        return rules
    }

    /// The rule sets of the workspace found from the current folder: all of them, or the one
    /// named by `--ruleset`. No workspace file or an unknown name is bad usage (exit 2); a workspace
    /// file with errors is reported in `format` on stdout (validate) or as text on stderr, exit 1.
    static func workspaceRuleSets(named name: String?, reportFormat: DiagnosticRenderer.Format? = nil)
        throws -> (workspace: Workspace, selected: [Workspace.Entry]) {
        guard let path = WorkspaceLoader.find() else {
            throw usageFailure("error: no paths given and no \(Workspace.fileName) in this folder or its parents; "
                               + "give rule files or folders, or name the rule sets in \(Workspace.fileName)")
        }
        let loaded = WorkspaceLoader.load(path: path)
        guard let workspace = loaded.workspace else {
            let group = DiagnosticGroup(name: nil, diagnostics: loaded.diagnostics, fileCount: 1)
            if let reportFormat, reportFormat != .text {
                try StandardStream.output.write(DiagnosticRenderer.render(groups: [group], format: reportFormat,
                                                                          sources: loaded.sources))
            } else {
                let report = DiagnosticRenderer.render(loaded.diagnostics, format: .text, fileCount: 1, sources: loaded.sources)
                try (reportFormat == nil ? StandardStream.error : StandardStream.output).write(report)
            }
            throw ExitCode(1)
        }
        guard let name else { return (workspace, workspace.ruleSets) }
        guard let entry = workspace.ruleSet(named: name) else {
            var message = "error: no rule set '\(name)' in \(workspace.file)"
            if let close = Suggestion.closest(to: name, in: workspace.names) { message += "; did you mean '\(close)'?" }
            throw usageFailure(message + " (rule sets: \(workspace.names.joined(separator: ", ")))")
        }
        return (workspace, [entry])
    }

    /// The rule paths of `eval` and `explain`: the paths given, or those of `--ruleset NAME`.
    static func rulePaths(_ paths: [String], ruleSet: String?) throws -> [String] {
        guard let ruleSet else {
            guard !paths.isEmpty else { throw usageFailure("error: give rule files or folders, or --ruleset NAME") }
            return paths
        }
        guard paths.isEmpty else { throw usageFailure("error: give rule paths or --ruleset, not both") }
        return try workspaceRuleSets(named: ruleSet).selected.flatMap(\.paths)
    }

    /// The replayed state, or the problem (with its JSON path) on stderr and exit status 2.
    /// `keepsBindings`: keep every variable at `now` (what `explain` evaluates against).
    static func evaluation(rules: RuleSet, statePath: String, now: Moment?, keepsBindings: Bool,
                           badEvents: BadEvents = .reject) throws -> UserEvaluation {
        try evaluation(StateDecider(rules: rules), statePath: statePath, now: now, keepsBindings: keepsBindings,
                       badEvents: badEvents)
    }

    /// The state file at `statePath` decided by `decider`; an unreadable state is exit 2.
    static func evaluation(_ decider: StateDecider, statePath: String, now: Moment?, keepsBindings: Bool,
                           badEvents: BadEvents = .reject) throws -> UserEvaluation {
        do {
            let state = try StateFile.load(path: statePath, badEvents: badEvents)
            return try decider.evaluate(state, now: now, keepsBindings: keepsBindings)
        } catch {
            throw usageFailure("error: \(error)")
        }
    }

    /// Prints `message` on stderr and returns the exit status 2 to throw.
    static func usageFailure(_ message: String) -> ExitCode {
        StandardStream.failure(message)
    }
}
