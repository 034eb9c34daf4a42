import Foundation
import Testing
import TestSupport

/// `--locale` on eval and explain, and `meta` in the JSON decision (docs/evaluation.md).
@Suite struct LocaleAndMetaCommandTests {
    static let rules = RulecheckRun.casePath("x10_locales_meta", "rules")
    static let state = RulecheckRun.casePath("x10_locales_meta", "state.json")

    /// TaskMate's showcase in English: the text view, the rank and explain use the locale;
    /// without `--locale` the default (简体中文) is shown.
    @Test func taskMateSpeaksTheChosenLocale() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let showcase = "examples/taskmate/showcase.json"
        let english = try RulecheckRun.run(["eval", "--ruleset", "taskmate", "--state", showcase, "--locale", "en"])
        #expect(english.status == 0)
        #expect(english.stdout.contains("+ Night Owl (focus_night_owl) at 2026-02-01T23:20:00+08:00"))
        #expect(english.stdout.contains("Rank: Expert (expert)"))
        let chinese = try RulecheckRun.run(["eval", "rules/taskmate", "--state", showcase])
        #expect(chinese.stdout.contains("+ 夜猫子 (focus_night_owl)"))
        let json = try CommandLineTests.decision(["eval", "rules/taskmate", "--state", showcase, "--locale", "en-US",
                                                  "--format", "json"])
        #expect(json["rank"]?["title"] == .string("Expert"))
        let explain = try RulecheckRun.run(["explain", "rules/taskmate", "--state", showcase, "--locale", "en",
                                            "focus_night_owl"])
        #expect(explain.stdout.hasPrefix("focus_night_owl (Night Owl): unlocked"))
    }

    /// Reminder titles in the text view's "Coming up", in the locale asked for (default: the first).
    @Test func reminderTitlesSpeakTheChosenLocale() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let rules = RulecheckRun.casePath("c39_traveller_coming_up", "rules")
        let state = RulecheckRun.casePath("c39_traveller_coming_up", "state.json")
        let english = try RulecheckRun.run(["eval", rules, "--state", state, "--locale", "en"])
        #expect(english.status == 0)
        #expect(english.stdout.contains("\nComing up:\n  2026-03-03T21:00:00+08:00  day expires: day 2026-03-03\n"))
        #expect(english.stdout.contains("  2026-03-03T18:00:00+08:00  Check in tonight (evening)  (streak breaks: Daily (daily))\n"))
        let chinese = try RulecheckRun.run(["eval", rules, "--state", state, "--locale", "zh-Hans"])
        #expect(chinese.stdout.contains("  2026-03-03T20:30:00+08:00  计划即将到期 (planned)  (day expires: day 2026-03-03)\n"))
        let plain = try RulecheckRun.run(["eval", rules, "--state", state])
        #expect(plain.stdout.contains("Check in tonight (evening)"))
    }

    /// `meta` is emitted as written on achievements, milestones and streaks.
    @Test func metaIsInTheJSONDecision() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let decision = try CommandLineTests.decision(["eval", Self.rules, "--state", Self.state, "--format", "json"])
        let meta = decision["achievements"]?["focus_novice"]?["meta"]
        #expect(meta?["colour"] == .string("#ff8800"))
        #expect(meta?["tags"]?.arrayValue == [.string("focus"), .string("starter")])
        #expect(meta?["size"]?["w"]?.numberValue == 2)
        #expect(decision["achievements"]?["daily_3"]?["meta"]?["badge"] == .string("bronze"))
        #expect(decision["streaks"]?["daily"]?["meta"]?["flame"] == .string("orange"))
    }

    /// The repository's TaskMate rules give every text in zh-Hans and en: no W420.
    @Test func taskMateIsFullyLocalized() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["validate", "--ruleset", "taskmate", "--strict"])
        #expect(run.status == 0, "\(run.stdout)")
        let achievements = try String(contentsOfFile: (RulecheckRun.packageRoot as NSString)
            .appendingPathComponent("rules/taskmate/achievements.yaml"), encoding: .utf8)
        let titles = achievements.split(separator: "\n").filter { $0.contains("title:") }
        #expect(titles.count == 15 && titles.allSatisfy { $0.contains("zh-Hans:") && $0.contains("en:") })
    }
}
