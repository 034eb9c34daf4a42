import ArgumentParser
import Diagnostics
import Foundation

@main
struct Rulecheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rulecheck",
        abstract: "Validate, evaluate, explain and test achievement rule sets.",
        version: RulecheckVersion.line,
        subcommands: [ValidateCommand.self, EvalCommand.self, ExplainCommand.self, TestCommand.self, SchemaCommand.self,
                      CompileCommand.self, DiffCommand.self, CompletionsCommand.self, LspCommand.self]
    )

    /// Exit status 0 success, 1 rule errors or failed tests, 2 bad usage (ArgumentParser's own
    /// default is 64) or a failed write; every message goes through `StandardStream`.
    static func main() {
        StandardStream.prepare()
        // Without a subcommand nothing can be done: that is bad usage, not a request for help.
        guard CommandLine.arguments.count > 1 else {
            Foundation.exit(StandardStream.failure(helpMessage()).rawValue)
        }
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if let plain = PlainEvalArguments(arguments)?.evalRun {
                try plain.runOnce()
            } else {
                var command = try parseAsRoot(arguments)
                try command.run()
            }
        } catch {
            Foundation.exit(status(reporting: error))
        }
        Foundation.exit(0)
    }

    /// Prints what ArgumentParser has to say about `error` (help on standard output, a usage
    /// error on standard error) and returns the exit status.
    private static func status(reporting error: any Error) -> Int32 {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if code == .success {
            guard !message.isEmpty else { return 0 }
            do { try StandardStream.output.write(message + "\n") } catch { return error.rawValue }
            return 0
        }
        if code == .validationFailure { return StandardStream.failure(message).rawValue }
        if !message.isEmpty { _ = StandardStream.failure(message) }
        return code.rawValue
    }
}
