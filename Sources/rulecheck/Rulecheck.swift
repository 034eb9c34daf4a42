import ArgumentParser

@main
struct Rulecheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rulecheck",
        abstract: "Validate, evaluate, explain and test achievement rule sets.",
        subcommands: [ValidateCommand.self, EvalCommand.self, ExplainCommand.self, TestCommand.self]
    )
}
