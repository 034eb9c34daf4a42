import Foundation
import Testing
import TestSupport

/// What apps read from the decision (contract 1.2): shown metrics, categories with their titles
/// in `--locale`, and module badges for a release or the full collection, from the command line.
@Suite struct DecisionReadsMoreCommandTests {
    static let rules = RulecheckRun.casePath("x12_shown_metrics", "rules")
    static let state = RulecheckRun.casePath("x12_shown_metrics", "state.json")

    /// `metrics` holds each `show: true` metric at `now` (c02's `tasks_done: 1`), a failing one
    /// as null with a `rule_error` naming it; the text view lists them under `Metrics:`.
    @Test func shownMetricsInJSONAndText() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let decision = try CommandLineTests.decision(["eval", Self.rules, "--state", Self.state, "--format", "json"])
        #expect(decision["metrics"]?["tasks_done"]?.numberValue == 1)
        #expect(decision["metrics"]?["tenth_event"] == .null)
        #expect(decision["metrics"]?["hidden"] == nil)
        #expect(decision["metrics"]?["summary"]?["events"]?.numberValue == 3)
        #expect(decision["metrics"]?["summary"]?["first"] == .string("2026-04-06T09:00:00+09:00"))
        let warnings = decision["warnings"]?.arrayValue ?? []
        #expect(warnings.count == 1)
        #expect(warnings.first?["code"] == .string("rule_error") && warnings.first?["id"] == .string("tenth_event"))
        let text = try RulecheckRun.run(["eval", Self.rules, "--state", Self.state])
        #expect(text.stdout.contains("\nMetrics:\n  tasks_done: 1\n  tenth_event: null\n"))
        #expect(text.stdout.contains(#"  summary: {"tasks":1,"events":3,"first":"2026-04-06T09:00:00+09:00"}"#))
        #expect(text.stdout.hasPrefix("c2 at 2026-04-06T12:00:00+09:00\n\n!! 1 rule could not be judged"))
    }

    /// TaskMate's categories: each award keeps its category id, the decision lists the four with
    /// their titles in the locale asked for, and the text view counts their unlocked awards.
    @Test func taskMateCategoriesInTheLocale() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let showcase = "examples/taskmate/showcase.json"
        let english = try CommandLineTests.decision(["eval", "--ruleset", "taskmate", "--state", showcase, "--locale", "en",
                                                     "--format", "json"])
        let categories = english["categories"]?.arrayValue ?? []
        #expect(categories.map { $0["id"] } == ["focus", "task", "habit", "special"].map { .string($0) })
        #expect(categories.map { $0["title"] } == ["Focus Master", "Task Management", "Habit Building", "Special Achievements"]
            .map { .string($0) })
        #expect(categories.first?["meta"]?["color"] == .string("blue"))
        #expect(english["achievements"]?["streak_3_days"]?["category"] == .string("habit"))
        let chinese = try CommandLineTests.decision(["eval", "--ruleset", "taskmate", "--state", showcase, "--format", "json"])
        #expect(chinese["categories"]?.arrayValue?.map { $0["title"] } == ["专注大师", "任务管理", "习惯养成", "特殊成就"]
            .map { .string($0) })
        let text = try RulecheckRun.run(["eval", "--ruleset", "taskmate", "--state", showcase, "--locale", "en"])
        #expect(text.stdout.contains("\nCategories:\n  Focus Master (focus)"))
        #expect(text.stdout.contains(" of 8 unlocked\n"))
        // A rule set without categories has no `categories` key.
        let plain = try CommandLineTests.decision(["eval", Self.rules, "--state", Self.state, "--format", "json"])
        #expect(plain["categories"] == nil)
    }

    /// `explain` says which levels a pack badge and a full collection count.
    @Test func explainNamesTheReleaseAndTheFullCollection() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let state = "examples/puzzle/catalog_release.json"
        let pack = try RulecheckRun.run(["explain", "--ruleset", "puzzle", "--state", state, "--now",
                                         "2026-02-09T09:00:00+08:00", "nianhua_pack_3"])
        #expect(pack.stdout.contains("complete_module: every counted, released level of release 3 of puzzle/nianhua\n"))
        #expect(pack.stdout.contains("  missing (1): nianhua_06\n"))
        let collection = try RulecheckRun.run(["explain", "--ruleset", "puzzle", "--state", state, "guohua_collector"])
        #expect(collection.stdout.contains("complete_module: every released level of puzzle/guohua\n"))
        #expect(collection.stdout.contains("missing (4): guohua_01, guohua_02, guohua_03, guohua_bonus"))
    }
}
