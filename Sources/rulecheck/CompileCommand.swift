import ArgumentParser
import Foundation
import RulecheckEngine

struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Check rule files and write them as one compiled JSON bundle for the embedded engine.",
        discussion: """
            The bundle (docs/engine.md) holds the checked rule set with each expression's source and \
            position; an app decodes it with RulecheckEngine, without a YAML parser, and \
            `rulecheck eval BUNDLE.json --state ...` evaluates with it. Rule tests are not included. \
            Exit status: 0 written, 1 rule errors (diagnostics on stderr, nothing written), 2 bad usage \
            or a failed write.
            """)

    @Argument(help: "Rule files or folders (every *.yaml / *.yml inside, recursively).")
    var paths: [String] = []

    @Option(help: "Compile this rule set of rulecheck.yaml instead of paths.")
    var ruleset: String?

    @Option(name: [.short, .customLong("output")], help: "Write the bundle to this file (default: standard output).")
    var output: String?

    func run() throws {
        let rules = try CommandInput.rules(CommandInput.rulePaths(paths, ruleSet: ruleset))
        let bundle = RuleBundle.json(of: rules)
        guard let output else {
            try StandardStream.output.write(bundle)
            return
        }
        do {
            try Data(bundle.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CommandInput.usageFailure("error: --output \(output): cannot write the file (\(error.localizedDescription))")
        }
    }
}
