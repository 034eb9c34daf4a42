import Diagnostics
import Foundation
import Testing
import TestSupport

/// What a release gives on the command line: `--version` and the shell completions.
@Suite struct ReleaseCommandTests {
    @Test func versionNamesTheToolAndTheContract() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == "rulecheck \(RulecheckVersion.tool) (contract \(RulecheckVersion.contract))\n")
        #expect(run.stdout.range(of: #"^rulecheck \d+\.\d+\.\d+ \(contract \d+\.\d+\)\n$"#, options: .regularExpression) != nil)
        #expect(run.stderr.isEmpty)
    }

    @Test func sarifNamesTheVersion() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["validate", "rules/lifer", "--format", "sarif"])
        #expect(run.status == 0)
        #expect(run.stdout.contains(#""version":"\#(RulecheckVersion.tool)""#), "\(run.stdout.prefix(400))")
    }

    @Test(arguments: [
        ("bash", "complete -o filenames -F _rulecheck rulecheck"),
        ("zsh", "#compdef rulecheck"),
        ("fish", "complete -c 'rulecheck'"),
    ])
    func completionScriptOfEachShell(shell: String, mark: String) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["completions", shell])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(mark), "\(run.stdout.prefix(300))")
        for command in ["validate", "eval", "explain", "test", "compile", "completions"] {
            #expect(run.stdout.contains(command), "\(shell): no \(command)")
        }
    }

    /// bash loads the script and completes a subcommand and an option, as it would at a prompt
    /// (a completion function gets the command, the word under the cursor and the word before).
    @Test func bashCompletesSubcommandsAndOptions() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.shell("""
            bash -c 'source <("$0" completions bash) || exit 3
            COMP_WORDS=(rulecheck val); COMP_CWORD=1; COMP_LINE="rulecheck val"; COMP_POINT=13; _rulecheck rulecheck val rulecheck
            echo "one: ${COMPREPLY[*]}"
            COMP_WORDS=(rulecheck validate --str); COMP_CWORD=2; COMP_LINE="rulecheck validate --str"; COMP_POINT=24
            COMPREPLY=(); _rulecheck rulecheck --str validate; echo "two: ${COMPREPLY[*]}"' "$RULECHECK"
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("one: validate\n"), "\(run.stdout)")
        #expect(run.stdout.contains("two: --strict\n"), "\(run.stdout)")
    }

    @Test func unknownShellIsBadUsageListingTheShells() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["completions", "powershell"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown shell 'powershell'; the shells are bash, fish, zsh"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
