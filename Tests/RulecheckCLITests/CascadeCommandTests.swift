import Foundation
import Testing
import TestSupport

/// One mistake, one message (docs/diagnostics.md): on the command line, a file that does not
/// parse is one error, and `test` says its tests did not run because of that file; the lints are
/// warnings that fail only with `--strict`.
@Suite struct CascadeCommandTests {
    static func fixture(_ name: String) -> String {
        "Tests/RulesTests/Fixtures/\(name)/rules"
    }

    @Test func aSyntaxErrorIsOneErrorAndTheTestsSayWhyTheyDidNotRun() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let rules = Self.fixture("E100_no_cascade_after_syntax_error")
        let validate = try RulecheckRun.run(["validate", rules])
        #expect(validate.status == 1)
        #expect(validate.stdout.components(separatedBy: "error[").count == 2)
        #expect(validate.stdout.hasSuffix("1 error, 0 warnings in 3 files\n"))
        let test = try RulecheckRun.run(["test", rules])
        #expect(test.status == 1)
        #expect(test.stderr.hasPrefix("rule set \(rules): its tests did not run: '\(rules)/defines.yaml' could not be read\n"))
        #expect(test.stderr.components(separatedBy: "error[").count == 2)
        #expect(!test.stderr.contains("E441"))
    }

    @Test func theWorkspaceSaysWhichFileKeptARuleSetsTestsFromRunning() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = RulecheckRun.casePath("x20_unread_file")
        let test = try RulecheckRun.run(["test"], in: folder)
        #expect(test.status == 1)
        #expect(test.stdout == "good: 1 passed, 0 failed\nbroken: not run ('rules/broken/rules.yaml' could not be read)\n1 passed, 0 failed\n")
        #expect(test.stderr.hasPrefix("rule set broken: its tests did not run: 'rules/broken/rules.yaml' could not be read\n"))
        let validate = try RulecheckRun.run(["validate"], in: folder)
        #expect(validate.stdout.components(separatedBy: "error[").count == 2)
        #expect(validate.stdout.hasSuffix("total: 1 error, 0 warnings in 4 files\n"))
    }

    @Test func aMissingPathHidesNoTypoButIsTheOnlyError() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["validate", "rules/puzzle", "catalog/puzzle"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("error[E200]"))
        #expect(run.stdout.hasSuffix("1 error, 0 warnings in 3 files\n"))
    }

    @Test func lintsFailOnlyWithStrict() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let rules = Self.fixture("W430_constant_condition")
        let plain = try RulecheckRun.run(["validate", rules])
        #expect(plain.status == 0)
        #expect(plain.stdout.hasSuffix("0 errors, 4 warnings in 1 file\n"))
        #expect(try RulecheckRun.run(["validate", rules, "--strict"]).status == 1)
        let workspace = try RulecheckRun.run(["validate", "--strict"])
        #expect(workspace.status == 0)
        // The products raise no lint: every rule set's line and the total say 0 warnings.
        let lines = workspace.stdout.split(separator: "\n")
        #expect(lines.last?.hasPrefix("total: 0 errors, 0 warnings in ") == true, "\(workspace.stdout)")
        #expect(lines.allSatisfy { $0.contains(": 0 errors, 0 warnings in ") }, "\(workspace.stdout)")
    }
}
