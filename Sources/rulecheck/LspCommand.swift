import ArgumentParser
import Foundation
import LanguageServer

struct LspCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve the Language Server Protocol over stdin and stdout, for editors (docs/editors.md).")

    func run() throws {
        let status = StdioConnection().run()
        if status != 0 { throw ExitCode(status) }
    }
}
