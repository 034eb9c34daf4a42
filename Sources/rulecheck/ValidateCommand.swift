import ArgumentParser

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "validate", abstract: "Check rule files and report every problem with its position.")

    // PLACEHOLDER: replaced by the issue that implements `rulecheck validate`.
    func run() throws {
        throw ExitCode(2)
    }
}
