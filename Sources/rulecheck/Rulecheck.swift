import ArgumentParser
import Foundation

@main
struct Rulecheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rulecheck",
        abstract: "Validate, evaluate, explain and test achievement rule sets.",
        subcommands: [ValidateCommand.self, EvalCommand.self, ExplainCommand.self, TestCommand.self, SchemaCommand.self]
    )

    /// SPEC 7: bad usage exits with 2 (ArgumentParser's own default is 64).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
