import ArgumentParser

struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            The script is generated from the command definitions, so it completes every command \
            and option of this version. Install it where the shell looks: \
            bash: rulecheck completions bash > ~/.local/share/bash-completion/completions/rulecheck; \
            zsh: rulecheck completions zsh > ~/.zfunc/_rulecheck (a folder on $fpath); \
            fish: rulecheck completions fish > ~/.config/fish/completions/rulecheck.fish. \
            Exit status: 0, or 2 for a shell it does not know.
            """)

    @Argument(help: "The shell: bash, zsh or fish.")
    var shell: String

    func validate() throws {
        guard CompletionShell(rawValue: shell) != nil else {
            let known = CompletionShell.allCases.map(\.rawValue).sorted().joined(separator: ", ")
            throw ValidationError("unknown shell '\(shell)'; the shells are \(known)")
        }
    }

    func run() throws {
        guard let shell = CompletionShell(rawValue: shell) else { return }
        try StandardStream.output.write(Rulecheck.completionScript(for: shell))
    }
}
