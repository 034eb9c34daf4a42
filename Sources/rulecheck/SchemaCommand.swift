import ArgumentParser
import Foundation
import Output

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of rule files and tests files, for editors; or of a rule set's state files.",
        discussion: """
            A JSON Schema (draft 2020-12) with a description on every key. Save it and point \\
            your editor at it, such as VS Code's YAML extension with a first line \\
            '# yaml-language-server: $schema=rulecheck.schema.json' (docs/guide.md). \\
            --workspace prints the schema of rulecheck.yaml instead. --state prints the schema \\
            of the state files of the rule set at PATH... (or --ruleset NAME of the workspace): \\
            each event checked by its type against the rule set's tracking plan, for an app's \\
            exporter to check what it writes (docs/state-file.md).
            """)

    @Flag(help: "The schema of the workspace file rulecheck.yaml.")
    var workspace = false

    @Flag(help: "The schema of the state files of the rule set given by PATH... or --ruleset.")
    var state = false

    @Argument(help: "With --state: the rule files or folders (or a compiled bundle).")
    var paths: [String] = []

    @Option(help: "With --state: the rule set of rulecheck.yaml to read instead of paths.")
    var ruleset: String?

    func run() throws {
        guard state else {
            guard paths.isEmpty, ruleset == nil else {
                throw CommandInput.usageFailure("error: rule paths and --ruleset go with --state")
            }
            let schema = workspace ? RuleFileSchema.workspaceFile : RuleFileSchema.ruleFile
            try StandardStream.output.write(RuleFileSchema.text(schema))
            return
        }
        guard !workspace else { throw CommandInput.usageFailure("error: give --workspace or --state, not both") }
        let rules = try CommandInput.rules(try CommandInput.rulePaths(paths, ruleSet: ruleset))
        try StandardStream.output.write(RuleFileSchema.text(StateFileSchema.schema(plan: rules.eventPlan)))
    }
}
