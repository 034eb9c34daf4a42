import Foundation
import Testing
import TestSupport

/// Output that cannot crash (docs/bad-input.md, "output streams"): a full or closed stream is exit
/// status 2 with a message where one can still be written, never a signal.
@Suite struct OutputStreamTests {
    struct StreamCase: Sendable, CustomTestStringConvertible {
        var name: String
        /// Arguments of rulecheck, then the shell redirections of the run.
        var arguments: String
        var redirection: String
        var stderrKeyword: String?
        var testDescription: String { name }
    }

    static let missingState = "Tests/RulecheckCLITests/Cases/c15_requires_available/rules --state /nonexistent/state.json"

    static let cases: [StreamCase] = [
        StreamCase(name: "validate rules/taskmate > /dev/full", arguments: "validate rules/taskmate",
                   redirection: "> /dev/full", stderrKeyword: "cannot write to standard output: No space left on device"),
        StreamCase(name: "validate rules/taskmate >&-", arguments: "validate rules/taskmate",
                   redirection: ">&-", stderrKeyword: "cannot write to standard output: Bad file descriptor"),
        StreamCase(name: "eval showcase > /dev/full",
                   arguments: "eval rules/taskmate --state examples/taskmate/showcase.json",
                   redirection: "> /dev/full", stderrKeyword: "standard output"),
        StreamCase(name: "bad state with stderr full", arguments: "eval \(missingState)",
                   redirection: "2> /dev/full", stderrKeyword: nil),
        StreamCase(name: "bad state with stderr closed", arguments: "eval \(missingState)",
                   redirection: "2>&-", stderrKeyword: nil),
        StreamCase(name: "help with stdout full", arguments: "--help", redirection: "> /dev/full",
                   stderrKeyword: "standard output"),
    ]

    @Test(arguments: cases)
    func failedWriteExitsTwo(_ run: StreamCase) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let result = try RulecheckRun.shell("\"$RULECHECK\" \(run.arguments) \(run.redirection)")
        #expect(result.status == 2, "\(run.name): exit \(result.status) (128+n is a signal), stderr \(result.stderr)")
        if let keyword = run.stderrKeyword {
            #expect(result.stderr.contains(keyword), "\(run.name): \(result.stderr)")
        }
    }

    /// A closed pipe (`| head -c 1`) ends the run with status 2 from EPIPE, not SIGPIPE.
    @Test func closedPipeIsNotASignal() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let big = "eval rules/taskmate --state examples/taskmate/showcase.json --format json"
        let result = try RulecheckRun.shell("{ sleep 0.2; \"$RULECHECK\" \(big); echo \"status $?\" >&2; } | true")
        #expect(result.stderr.contains("status 2"), "\(result.stderr)")
        #expect(result.stderr.contains("Broken pipe"), "\(result.stderr)")
    }

    /// `rulecheck` without arguments is bad usage: exit 2, the usage on standard error.
    @Test func noArgumentsIsBadUsage() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run([])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("USAGE: rulecheck <subcommand>"))
    }
}
