import ArgumentParser
import Diagnostics
import Facts
import Foundation
import Output
import Rules
import StateFileYAML

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check rule files and report every problem with its position.",
        discussion: """
            Without paths, checks every rule set named in rulecheck.yaml (found in this folder or \
            its parents), each on its own, with one summary line per rule set and a total. \
            Exit status: 0 no errors, 1 errors (or warnings with --strict), 2 bad usage.
            """)

    @Argument(help: "Rule files or folders (every *.yaml / *.yml inside, recursively); none: the workspace.")
    var paths: [String] = []

    @Option(help: "Check only this rule set of rulecheck.yaml.")
    var ruleset: String?

    @Option(help: "Output format: text, json, sarif or github.")
    var format: DiagnosticRenderer.Format = .text

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @Option(parsing: .upToNextOption, help: "An older rule set to check catalog compatibility against.")
    var baseline: [String] = []

    @OptionGroup var watching: WatchOption

    func validate() throws {
        if ruleset != nil, !paths.isEmpty { throw ValidationError("give rule paths or --ruleset, not both") }
    }

    func run() throws {
        guard watching.watch else { return try runOnce() }
        try watching.repeatRunning(watched: { try WatchOption.rulePaths(paths, ruleSet: ruleset) + baseline }, runOnce)
    }

    func runOnce() throws {
        if paths.isEmpty { return try runWorkspace() }
        let result = RuleSetLoader.load(paths: paths, baseline: baseline.isEmpty ? nil : baseline)
        let colour = format == .text && DiagnosticRenderer.usesColour(
            isTerminal: isatty(STDOUT_FILENO) != 0, environment: ProcessInfo.processInfo.environment)
        let report = DiagnosticRenderer.render(result.diagnostics, format: format, fileCount: result.files.count,
                                               sources: result.sources, colour: colour)
        try StandardStream.output.write(report)
        try appendJobSummary([DiagnosticGroup(name: nil, diagnostics: result.diagnostics, fileCount: result.files.count)])
        if result.errorCount > 0 || (strict && result.warningCount > 0) { throw ExitCode(1) }
    }

    /// `--format github` under GitHub Actions: the errors and warnings per file in the job summary.
    func appendJobSummary(_ groups: [DiagnosticGroup]) throws {
        guard format == .github, let summary = GitHubStepSummary(environment: ProcessInfo.processInfo.environment) else {
            return
        }
        do { try summary.append(GitHubStepSummary.validation(groups)) } catch {
            throw CommandInput.usageFailure("error: \(error)")
        }
    }
}

extension ValidateCommand {
    /// Every rule set of the workspace (or the one of `--ruleset`), each loaded on its own.
    func runWorkspace() throws {
        let (_, selected) = try CommandInput.workspaceRuleSets(named: ruleset, reportFormat: format)
        var groups: [DiagnosticGroup] = []
        var sources: [String: String] = [:]
        for entry in selected {
            let result = RuleSetLoader.load(paths: entry.paths, baseline: baseline.isEmpty ? nil : baseline)
            let diagnostics = (result.diagnostics + Self.exampleProblems(entry)).sorted(by: Diagnostic.reportOrder)
            groups.append(DiagnosticGroup(name: entry.name, diagnostics: diagnostics, fileCount: result.files.count))
            sources.merge(result.sources) { current, _ in current }
        }
        let colour = format == .text && DiagnosticRenderer.usesColour(
            isTerminal: isatty(STDOUT_FILENO) != 0, environment: ProcessInfo.processInfo.environment)
        let report = DiagnosticRenderer.render(groups: groups, format: format, sources: sources, colour: colour)
        try StandardStream.output.write(report)
        try appendJobSummary(groups)
        let errors = groups.map(\.errorCount).reduce(0, +), warnings = groups.map(\.warningCount).reduce(0, +)
        if errors > 0 || (strict && warnings > 0) { throw ExitCode(1) }
    }
}

extension ValidateCommand {
    /// The example state a rule set names (`example:`) must be a valid state file: E243 at its
    /// value otherwise (a missing file is reported when the workspace file is read).
    static func exampleProblems(_ entry: Workspace.Entry) -> [Diagnostic] {
        guard let example = entry.example, FileManager.default.fileExists(atPath: example) else { return [] }
        do {
            _ = try StateFile.load(path: example)
            return []
        } catch {
            return [.error(RuleCode.workspaceExample,
                           "the example state of rule set '\(entry.name)' is not a valid state file: \(error)",
                           at: entry.exampleSpan, fix: "fix the state file, or name another with 'example:'")]
        }
    }
}

extension DiagnosticRenderer.Format: ExpressibleByArgument {}
