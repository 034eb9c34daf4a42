import ArgumentParser

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "test", abstract: "Run the rule tests found under the paths.")

    // PLACEHOLDER: replaced by the issue that implements `rulecheck test`.
    func run() throws {
        throw ExitCode(2)
    }
}
