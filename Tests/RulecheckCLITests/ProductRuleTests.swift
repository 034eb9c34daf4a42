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

    /// A Weekyii user who plans and completes every day for over a year is judged whole: no
    /// condition goes over the replay's budget (`fresh_start`, judged at every checkpoint while no
    /// day has expired, once compared every pair of days and left `big_day` and itself unjudged).
    @Test func aYearOfWeekyiiDaysIsJudgedWhole() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try CommandLineTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var events: [String] = []
        let start = 1_735_977_600  // 2025-01-04T08:00:00Z
        func at(_ seconds: Int) -> String {
            let formatter = ISO8601DateFormatter()
            return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
        for day in 0..<400 {
            let morning = start + day * 86_400
            events.append(#"{"type": "day_planned", "at": "\#(at(morning))", "tasks": 4}"#)
            for hour in 1...4 {
                events.append(#"{"type": "task_completed", "at": "\#(at(morning + hour * 3_600))"}"#)
            }
        }
        let state = #"{"schema": 1, "user": {"id": "year", "timezone": "UTC"}, "now": "\#(at(start + 400 * 86_400))", "events": ["#
            + events.joined(separator: ",\n") + "]}"
        let path = folder.appendingPathComponent("year.json").path
        try state.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try RulecheckRun.run(["eval", "--ruleset", "weekyii", "--state", path, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let decision = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((decision["warnings"] as? [Any])?.isEmpty == true, "\(decision["warnings"] ?? "")")
        let achievements = try #require(decision["achievements"] as? [String: [String: Any]])
        #expect(achievements["fresh_start"]?["state"] as? String == "locked")
        #expect(achievements["big_day"]?["state"] as? String == "locked")
    }

    /// Shared paths: a catalog folder is loaded with every tests folder found beside it.
    @Test func aFolderWithoutTestsIsSharedByEverySuite() {
        let suites = RuleTestSuite.discover(paths: [Self.path("rules"), Self.path("catalogs")])
        #expect(suites.map { ($0.folder as NSString).lastPathComponent } == ["lifer", "puzzle", "skinlab", "taskmate", "weekyii"])
        #expect(suites.allSatisfy { $0.rulePaths.dropFirst() == [Self.path("catalogs")] })
    }
}
