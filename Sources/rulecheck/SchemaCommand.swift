import ArgumentParser
import Foundation
import Output

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of rule files and tests files, for editors.",
        discussion: """
            A JSON Schema (draft 2020-12) with a description on every key. Save it and point \\
            your editor at it, such as VS Code's YAML extension with a first line \\
            '# yaml-language-server: $schema=rulecheck.schema.json' (docs/guide.md). \\
            --workspace prints the schema of rulecheck.yaml instead.
            """)

    @Flag(help: "The schema of the workspace file rulecheck.yaml.")
    var workspace = false

    func run() throws {
        let schema = workspace ? RuleFileSchema.workspaceFile : RuleFileSchema.ruleFile
        try StandardStream.output.write(RuleFileSchema.text(schema))
    }
}
