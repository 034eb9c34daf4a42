import ArgumentParser
import Diagnostics
import Foundation
import Output
import Rules

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check rule files and report every problem with its position.",
        discussion: "Exit status: 0 no errors, 1 errors (or warnings with --strict), 2 bad usage.")

    @Argument(help: "Rule files or folders (every *.yaml / *.yml inside, recursively).")
    var paths: [String]

    @Option(help: "Output format: text, json, sarif or github.")
    var format: DiagnosticRenderer.Format = .text

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @Option(parsing: .upToNextOption, help: "An older rule set to check catalog compatibility against.")
    var baseline: [String] = []

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one rule file or folder") }
    }

    func run() throws {
        let result = RuleSetLoader.load(paths: paths, baseline: baseline.isEmpty ? nil : baseline)
        let colour = format == .text && DiagnosticRenderer.usesColour(
            isTerminal: isatty(STDOUT_FILENO) != 0, environment: ProcessInfo.processInfo.environment)
        let report = DiagnosticRenderer.render(result.diagnostics, format: format, fileCount: result.files.count,
                                               sources: result.sources, colour: colour)
        try StandardStream.output.write(report)
        if result.errorCount > 0 || (strict && result.warningCount > 0) { throw ExitCode(1) }
    }
}

extension DiagnosticRenderer.Format: ExpressibleByArgument {}
