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
            Exit status: 0 every test passed, 1 a test failed, a rule set has errors or no test \
            was found, 2 bad usage.
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

    @OptionGroup var watching: WatchOption

    func validate() throws {
        if ruleset != nil, !paths.isEmpty { throw ValidationError("give rule paths or --ruleset, not both") }
    }

    func run() throws {
        guard watching.watch else { return try runOnce() }
        try watching.repeatRunning(watched: { try WatchOption.rulePaths(paths, ruleSet: ruleset) }, runOnce)
    }

    func runOnce() throws {
        let groups = paths.isEmpty ? try workspaceGroups() : try pathGroups()
        try StandardStream.output.write(report(groups))
        if format == .github, let summary = GitHubStepSummary(environment: ProcessInfo.processInfo.environment) {
            do { try summary.append(GitHubStepSummary.ruleTests(groups)) } catch {
                throw CommandInput.usageFailure("error: \(error)")
            }
        }
        let results = groups.flatMap(\.results)
        if groups.contains(where: { $0.notRun != nil }) || results.isEmpty || results.contains(where: { !$0.passed }) {
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
                                    : "\(group.name): not run (the rule set has errors)\n"
            }
            return lines.joined() + RuleTestReportRenderer.summary(groups.flatMap(\.results)) + "\n"
        }
    }
}

extension TestCommand {
    /// A group per tests folder under the paths, each run against the rules beside it.
    func pathGroups() throws -> [RuleTestGroup] {
        let suites = RuleTestSuite.discover(paths: paths)
        if suites.isEmpty { try StandardStream.error.write("no rule tests found under \(paths.joined(separator: ", "))\n") }
        return try suites.map { suite in
            let loaded = RuleSetLoader.load(paths: suite.rulePaths, baseline: nil)
            guard let rules = loaded.ruleSet, loaded.errorCount == 0 else {
                let diagnostics = try Self.reportBroken(loaded, name: suite.rulePaths.joined(separator: " "))
                return RuleTestGroup(name: suite.folder, results: [], notRun: diagnostics)
            }
            let tests = loaded.tests.filter { suite.contains(testFile: $0.span.file) }
            return RuleTestGroup(name: suite.folder, results: RuleTestRunner.replaying(rules).run(tests))
        }
    }

    /// A group per rule set of the workspace (or the one of `--ruleset`).
    func workspaceGroups() throws -> [RuleTestGroup] {
        let (_, selected) = try CommandInput.workspaceRuleSets(named: ruleset)
        return try selected.map { entry in
            let loaded = RuleSetLoader.load(paths: entry.paths, baseline: nil)
            guard let rules = loaded.ruleSet, loaded.errorCount == 0 else {
                return RuleTestGroup(name: entry.name, results: [], notRun: try Self.reportBroken(loaded, name: entry.name))
            }
            return RuleTestGroup(name: entry.name, results: RuleTestRunner.replaying(rules).run(loaded.tests))
        }
    }

    /// A rule set with errors: its diagnostics on stderr; returns them as text.
    static func reportBroken(_ loaded: RuleSetLoadResult, name: String) throws -> String {
        let diagnostics = DiagnosticRenderer.render(loaded.diagnostics, format: .text, fileCount: loaded.files.count,
                                                    sources: loaded.sources)
        try StandardStream.error.write("rule set \(name) has errors; its tests did not run\n" + diagnostics)
        return diagnostics
    }
}
