import ArgumentParser

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "explain", abstract: "Explain why one achievement is locked or unlocked.")

    // PLACEHOLDER: replaced by the issue that implements `rulecheck explain`.
    func run() throws {
        throw ExitCode(2)
    }
}
