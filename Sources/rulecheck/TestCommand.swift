import ArgumentParser
import Evaluation
import Foundation
import Output
import RuleTests
import Rules

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run the rule tests found under the paths.",
        discussion: """
            Without paths, runs the tests of every rule set named in rulecheck.yaml (found in this \
            folder or its parents), each against its own rule set, with one summary line per rule \
            set and a total. With paths, each tests file runs against the rules in its own folder plus every path given that \
            holds no tests (a catalog folder, say): rulecheck test rules/puzzle catalogs/puzzle. \
            Prints each failing test with expected and actual values, then 'N passed, M failed'. \
            With --coverage, also reports the outcomes the tests saw of every award (unlocked, \
            locked at now) and condition (true, false): 'coverage: 87.5% (140 of 160 outcomes)', \
            then each outcome never seen with its file:line:column. \
            Exit status: 0 every test passed, 1 a test failed, a rule set has errors, no test \
            was found or coverage is below --coverage-min, 2 bad usage.
            """)

    @Argument(help: "Rule files or folders (every *.yaml / *.yml inside, recursively); none: the workspace.")
    var paths: [String] = []

    @Option(help: "Run only the tests of this rule set of rulecheck.yaml.")
    var ruleset: String?

    @Flag(help: "Also list the tests that pass.")
    var verbose = false

    @OptionGroup(title: "Coverage")
    var coverage: CoverageOptions

    func validate() throws {
        if ruleset != nil, !paths.isEmpty { throw ValidationError("give rule paths or --ruleset, not both") }
    }

    func run() throws {
        if paths.isEmpty { return try runWorkspace() }
        let suites = RuleTestSuite.discover(paths: paths)
        guard !suites.isEmpty else {
            try StandardStream.error.write("no rule tests found under \(paths.joined(separator: ", "))\n")
            try StandardStream.output.write(RuleTestReportRenderer.summary([]) + "\n")
            throw ExitCode(1)
        }
        var results: [RuleTestResult] = []
        var coverages: [RuleSetCoverage] = []
        var brokenRuleSets = 0
        for suite in suites {
            let loaded = RuleSetLoader.load(paths: suite.rulePaths, baseline: nil)
            guard let rules = loaded.ruleSet, loaded.errorCount == 0 else {
                brokenRuleSets += 1
                let report = DiagnosticRenderer.render(loaded.diagnostics, format: .text, fileCount: loaded.files.count,
                                                       sources: loaded.sources)
                try StandardStream.error.write(
                    "rule set \(suite.rulePaths.joined(separator: " ")): its tests did not run: \(Self.notRunReason(loaded))\n" + report)
                continue
            }
            let tests = loaded.tests.filter { suite.contains(testFile: $0.span.file) }
            let recorder = coverage.coverage ? CoverageRecorder(rules: rules) : nil
            results += RuleTestRunner.replaying(rules, coverage: recorder).run(tests)
            if let recorder { coverages.append(RuleSetCoverage(name: nil, report: CoverageReport(recorder: recorder))) }
        }
        let report = RuleTestReportRenderer(listsPassed: verbose).render(results)
        try StandardStream.output.write(report)
        let belowMinimum = coverage.coverage ? try coverage.finish(coverages) : false
        if brokenRuleSets > 0 || belowMinimum || results.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }
}

extension TestCommand {
    /// Each rule set of the workspace (or the one of `--ruleset`) with the tests among its files.
    func runWorkspace() throws {
        let (_, selected) = try CommandInput.workspaceRuleSets(named: ruleset)
        let renderer = RuleTestReportRenderer(listsPassed: verbose)
        var all: [RuleTestResult] = []
        var coverages: [RuleSetCoverage] = []
        var brokenRuleSets = 0
        var report = ""
        for entry in selected {
            let loaded = RuleSetLoader.load(paths: entry.paths, baseline: nil)
            guard let rules = loaded.ruleSet, loaded.errorCount == 0 else {
                brokenRuleSets += 1
                let diagnostics = DiagnosticRenderer.render(loaded.diagnostics, format: .text, fileCount: loaded.files.count,
                                                            sources: loaded.sources)
                let reason = Self.notRunReason(loaded)
                try StandardStream.error.write("rule set \(entry.name): its tests did not run: \(reason)\n" + diagnostics)
                report += "\(entry.name): not run (\(reason))\n"
                continue
            }
            let recorder = coverage.coverage ? CoverageRecorder(rules: rules) : nil
            let results = RuleTestRunner.replaying(rules, coverage: recorder).run(loaded.tests)
            if let recorder { coverages.append(RuleSetCoverage(name: entry.name, report: CoverageReport(recorder: recorder))) }
            all += results
            report += renderer.render(results, ruleSet: entry.name)
        }
        report += RuleTestReportRenderer.summary(all) + "\n"
        try StandardStream.output.write(report)
        let belowMinimum = coverage.coverage ? try coverage.finish(coverages) : false
        if brokenRuleSets > 0 || belowMinimum || all.isEmpty || all.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }
}

extension TestCommand {
    /// Why a rule set's tests did not run: a file that could not be read comes first (what it
    /// defines is unknown, so no test of the set can be judged), else the rule set's errors.
    static func notRunReason(_ loaded: RuleSetLoadResult) -> String {
        guard let first = loaded.unreadFiles.first else { return "the rule set has errors" }
        let more = loaded.unreadFiles.count > 1 ? " (and \(loaded.unreadFiles.count - 1) more files)" : ""
        return "'\(first)'\(more) could not be read"
    }
}
