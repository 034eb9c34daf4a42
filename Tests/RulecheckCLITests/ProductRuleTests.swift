import Evaluation
import Foundation
import Output
import RuleTests
import Rules
import Testing
import TestSupport

/// Every product's rule set loads without errors and passes its own rule tests (docs/guide.md, "4. Rule tests"), as
/// `rulecheck test` runs them.
@Suite struct ProductRuleTests {
    /// The repository root, from this file's place in it.
    static let root = Repository.root.path

    static func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    @Test(arguments: [
        ["rules/taskmate"],
        ["rules/puzzle", "catalogs/puzzle"],
        ["rules/weekyii"],
        ["rules/lifer"],
        ["rules/skinlab"],
        ["examples/puzzle/coming_soon"],
    ])
    func productRuleTestsPass(paths: [String]) throws {
        let suites = RuleTestSuite.discover(paths: paths.map(Self.path))
        try #require(suites.count == 1, "one tests folder under \(paths)")
        let suite = try #require(suites.first)
        let loaded = RuleSetLoader.load(paths: suite.rulePaths, baseline: nil)
        #expect(loaded.errorCount == 0, "\(loaded.diagnostics.map(\.message))")
        let rules = try #require(loaded.ruleSet)
        let tests = loaded.tests.filter { suite.contains(testFile: $0.span.file) }
        #expect(tests.count >= (paths[0].hasPrefix("rules/") ? 8 : 1), "at least 8 rule tests per product")
        let results = RuleTestRunner.replaying(rules).run(tests)
        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(RuleTestReportRenderer().render(failed))")
    }

    /// `rulecheck validate` of each product is clean: no error and no warning.
    @Test(arguments: [
        ["rules/taskmate"], ["rules/puzzle", "catalogs/puzzle"], ["rules/weekyii"], ["rules/lifer"], ["rules/skinlab"],
    ])
    func productRuleSetsValidateClean(paths: [String]) {
        let loaded = RuleSetLoader.load(paths: paths.map(Self.path), baseline: nil)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
    }

    /// Shared paths: a catalog folder is loaded with every tests folder found beside it.
    @Test func aFolderWithoutTestsIsSharedByEverySuite() {
        let suites = RuleTestSuite.discover(paths: [Self.path("rules"), Self.path("catalogs")])
        #expect(suites.map { ($0.folder as NSString).lastPathComponent } == ["lifer", "puzzle", "skinlab", "taskmate", "weekyii"])
        #expect(suites.allSatisfy { $0.rulePaths.dropFirst() == [Self.path("catalogs")] })
    }
}
