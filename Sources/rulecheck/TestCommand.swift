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
            --format junit gives JUnit XML (a testsuite per rule set) for CI test views, json the \
            same as one JSON object, github an annotation per failed expectation and, when \
            $GITHUB_STEP_SUMMARY is set, a job summary. \
            With --coverage, also reports the outcomes the tests saw of every award (unlocked, \
            locked at now) and condition (true, false): 'coverage: 87.5% (140 of 160 outcomes)', \
            then each outcome never seen with its file:line:column. \
            Exit status: 0 every test passed, 1 a test failed, a rule set has errors, no test \
            was found or coverage is below --coverage-min, 2 bad usage.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, junit, json, github
    }

    @Argument(help: "Rule files or folders (every *.yaml / *.yml inside, recursively); none: the workspace.")
    var paths: [String] = []

    @Option(help: "Run only the tests of this rule set of rulecheck.yaml.")
    var ruleset: String?

    @Flag(help: "Also list the tests that pass.")
    var verbose = false

    @Option(help: "Output format: text, junit, json or github.")
    var format: Format = .text

    @OptionGroup(title: "Coverage")
    var coverage: CoverageOptions

    @OptionGroup var watching: WatchOption

    func validate() throws {
        if ruleset != nil, !paths.isEmpty { throw ValidationError("give rule paths or --ruleset, not both") }
    }

    func run() throws {
        guard watching.watch else { return try runOnce() }
        try watching.repeatRunning(watched: { try WatchOption.rulePaths(paths, ruleSet: ruleset) }, runOnce)
    }

    func runOnce() throws {
        let runs = paths.isEmpty ? try workspaceRuns() : try pathRuns()
        let groups = runs.map(\.group)
        try StandardStream.output.write(report(groups))
        if format == .github, let summary = GitHubStepSummary(environment: ProcessInfo.processInfo.environment) {
            do { try summary.append(GitHubStepSummary.ruleTests(groups)) } catch {
                throw CommandInput.usageFailure("error: \(error)")
            }
        }
        let belowMinimum = coverage.coverage ? try coverage.finish(runs.compactMap(\.coverage)) : false
        let results = groups.flatMap(\.results)
        if groups.contains(where: { $0.notRun != nil }) || belowMinimum || results.isEmpty || results.contains(where: { !$0.passed }) {
            throw ExitCode(1)
        }
    }

    /// The report on standard output. The text of a workspace has a line per rule set and a
    /// total; that of paths one summary over every tests file.
    func report(_ groups: [RuleTestGroup]) -> String {
        switch format {
        case .junit: return RuleTestJUnitRenderer().render(groups)
        case .json: return RuleTestJSONRenderer().render(groups)
        case .github: return RuleTestGitHubRenderer().render(groups)
        case .text:
            let renderer = RuleTestReportRenderer(listsPassed: verbose)
            guard paths.isEmpty else { return renderer.render(groups.flatMap(\.results)) }
            let lines = groups.map { group in
                group.notRun == nil ? renderer.render(group.results, ruleSet: group.name)
                                    : "\(group.name): not run (\(group.notRunReason))\n"
            }
            return lines.joined() + RuleTestReportRenderer.summary(groups.flatMap(\.results)) + "\n"
        }
    }
}

extension TestCommand {
    /// One rule set's tests: their results, and what they covered with `--coverage`.
    struct Run {
        var group: RuleTestGroup
        var coverage: RuleSetCoverage?
    }

    /// A run per tests folder under the paths, each against the rules beside it.
    func pathRuns() throws -> [Run] {
        let suites = RuleTestSuite.discover(paths: paths)
        if suites.isEmpty { try StandardStream.error.write("no rule tests found under \(paths.joined(separator: ", "))\n") }
        return try suites.map { suite in
            let loaded = RuleSetLoader.load(paths: suite.rulePaths, baseline: nil)
            return try run(loaded, name: suite.folder, reportedAs: suite.rulePaths.joined(separator: " "),
                           coverageName: nil) { loaded.tests.filter { suite.contains(testFile: $0.span.file) } }
        }
    }

    /// A run per rule set of the workspace (or the one of `--ruleset`).
    func workspaceRuns() throws -> [Run] {
        let (_, selected) = try CommandInput.workspaceRuleSets(named: ruleset)
        return try selected.map { entry in
            let loaded = RuleSetLoader.load(paths: entry.paths, baseline: nil)
            return try run(loaded, name: entry.name, reportedAs: entry.name, coverageName: entry.name) { loaded.tests }
        }
    }

    /// Runs the tests of one loaded rule set; a rule set with errors gets its diagnostics on
    /// stderr and a group that says why its tests did not run.
    private func run(_ loaded: RuleSetLoadResult, name: String, reportedAs shown: String, coverageName: String?,
                     tests: () -> [RuleTestCase]) throws -> Run {
        guard let rules = loaded.ruleSet, loaded.errorCount == 0 else {
            let reason = Self.notRunReason(loaded)
            let diagnostics = DiagnosticRenderer.render(loaded.diagnostics, format: .text, fileCount: loaded.files.count,
                                                        sources: loaded.sources)
            try StandardStream.error.write("rule set \(shown): its tests did not run: \(reason)\n" + diagnostics)
            return Run(group: RuleTestGroup(name: name, results: [], notRun: diagnostics, notRunReason: reason))
        }
        let recorder = coverage.coverage ? CoverageRecorder(rules: rules) : nil
        let results = RuleTestRunner.replaying(rules, coverage: recorder).run(tests())
        return Run(group: RuleTestGroup(name: name, results: results),
                   coverage: recorder.map { RuleSetCoverage(name: coverageName, report: CoverageReport(recorder: $0)) })
    }

    /// Why a rule set's tests did not run: a file that could not be read comes first (what it
    /// defines is unknown, so no test of the set can be judged), else the rule set's errors.
    static func notRunReason(_ loaded: RuleSetLoadResult) -> String {
        guard let first = loaded.unreadFiles.first else {
            // An entry a block scalar took in is what the tests naming it miss.
            if let first = loaded.testsNamingSwallowedIDs.first {
                let more = loaded.testsNamingSwallowedIDs.count > 1 ? " (and \(loaded.testsNamingSwallowedIDs.count - 1) more tests)" : ""
                return first + more
            }
            return "the rule set has errors"
        }
        let more = loaded.unreadFiles.count > 1 ? " (and \(loaded.unreadFiles.count - 1) more files)" : ""
        return "'\(first)'\(more) could not be read"
    }
}
