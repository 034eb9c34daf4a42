import ArgumentParser

struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "eval", abstract: "Evaluate a user's state file against the rules.")

    // PLACEHOLDER: replaced by the issue that implements `rulecheck eval`.
    func run() throws {
        throw ExitCode(2)
    }
}
