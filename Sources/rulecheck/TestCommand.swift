import ArgumentParser
import Evaluation
import Foundation
import Output
import Rules

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run the rule tests found under the paths.",
        discussion: """
            Each tests file runs against the rules in its own folder plus every path given that \
            holds no tests (a catalog folder, say): rulecheck test rules/puzzle catalogs/puzzle. \
            Prints each failing test with expected and actual values, then 'N passed, M failed'. \
            Exit status: 0 every test passed, 1 a test failed, a rule set has errors or no test \
            was found, 2 bad usage.
            """)

    @Argument(help: "Rule files or folders (every *.yaml / *.yml inside, recursively).")
    var paths: [String]

    @Flag(help: "Also list the tests that pass.")
    var verbose = false

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one rule file or folder") }
    }

    func run() throws {
        let suites = RuleTestSuite.discover(paths: paths)
        guard !suites.isEmpty else {
            try StandardStream.error.write("no rule tests found under \(paths.joined(separator: ", "))\n")
            try StandardStream.output.write(RuleTestReportRenderer.summary([]) + "\n")
            throw ExitCode(1)
        }
        var results: [RuleTestResult] = []
        var brokenRuleSets = 0
        for suite in suites {
            let loaded = RuleSetLoader.load(paths: suite.rulePaths, baseline: nil)
            guard let rules = loaded.ruleSet, loaded.errorCount == 0 else {
                brokenRuleSets += 1
                let report = DiagnosticRenderer.render(loaded.diagnostics, format: .text, fileCount: loaded.files.count,
                                                       sources: loaded.sources)
                try StandardStream.error.write(
                    "rule set \(suite.rulePaths.joined(separator: " ")) has errors; its tests did not run\n" + report)
                continue
            }
            let tests = rules.tests.filter { suite.contains(testFile: $0.span.file) }
            results += RuleTestRunner.replaying(rules).run(tests)
        }
        let report = RuleTestReportRenderer(listsPassed: verbose).render(results)
        try StandardStream.output.write(report)
        if brokenRuleSets > 0 || results.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }
}
