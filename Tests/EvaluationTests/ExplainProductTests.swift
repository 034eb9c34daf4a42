import Evaluation
import Facts
import Foundation
import Output
import Rules
import Testing
import TestSupport

/// Golden outputs of `rulecheck explain` over the products' rule sets and example states
/// (README.md, "Command line"): each was read and checked by hand against the rules and the state.
@Suite struct ExplainProductTests {
    static let root = Repository.root.path

    static func explain(_ id: String, rules paths: [String], state: String, now: String? = nil) throws -> String {
        let path = { (relative: String) in (root as NSString).appendingPathComponent(relative) }
        let rules = try #require(RuleSetLoader.load(paths: paths.map(path), baseline: nil).ruleSet)
        let stateFile = try StateFile.load(jsonPath: path(state))
        var moment = try #require(stateFile.now)
        if let now, case .success(let parsed) = Moment.parse(now) { moment = parsed }
        let facts = try StateFacts(state: stateFile, rules: rules, now: moment)
        let outcome = Replay(rules: rules).run(facts)
        let explanation = try #require(ExplanationBuilder(rules: rules, outcome: outcome, events: facts.events).explain(id))
        return ExplanationTextRenderer().render(explanation)
    }

    @Test func aStreakAchievementSaysHowLongTheStreakIs() throws {
        #expect(try Self.explain("habit_3_days", rules: ["rules/taskmate"], state: "examples/taskmate/new_user.json") == """
            habit_3_days (新的开始): locked (as of 2026-03-02T10:00:00+08:00)
              category 习惯养成 (habit) · rarity common · 75 points
              progress 1 of 3

            when: streaks.daily_use.current >= 3
              = false
              streaks.daily_use.current  → 1

            missing:
              - streak 1 of 3 (daily_use, active)

            """)
    }

    @Test func aModuleAchievementListsTheMissingLevels() throws {
        #expect(try Self.explain("nianhua_complete", rules: ["rules/puzzle", "catalogs/puzzle"], state: "examples/puzzle/new_user.json") == """
            nianhua_complete (年画通关): locked (as of 2026-01-10T21:00:00+08:00)
              category module · rarity rare · 300 points
              progress 1 of 6

            complete_module: every counted, released level of puzzle/nianhua
              done (1): nianhua_01
              missing (5): nianhua_02, nianhua_03, nianhua_04, nianhua_05, nianhua_06

            missing:
              - 1 of 6 levels: missing nianhua_02, nianhua_03, nianhua_04, nianhua_05, nianhua_06

            """)
    }

    @Test func aStoredModuleUnlockShowsTheCatalogRelease() throws {
        #expect(try Self.explain("nianhua_complete", rules: ["rules/puzzle", "catalogs/puzzle"], state: "examples/puzzle/catalog_release.json") == """
            nianhua_complete (年画通关): unlocked (as of 2026-02-11T09:00:00+08:00)
              category module · rarity rare · 300 points
              progress 6 of 6 · unlocked with catalog version 2 · 1 new level since

            unlocked at 2025-08-05T19:00:00+08:00 (catalog version 2), stored in the state file

            complete_module: every counted, released level of puzzle/nianhua
              done (6): nianhua_01, nianhua_02, nianhua_03, nianhua_04, nianhua_05, nianhua_06
              missing (0): none

            """)
    }

    @Test func anUnlockThatNoLongerHoldsNamesItsEventAndShortCircuits() throws {
        #expect(try Self.explain("perfect_week", rules: ["rules/weekyii"], state: "examples/weekyii/long_time_user.json") == """
            perfect_week (完美一周): unlocked (as of 2026-02-16T09:00:00+08:00)
              category week · rarity epic · 300 points
              progress 1 of 1

            unlocked at 2026-01-11T16:00:00+08:00 by event:
              events[34]  task_completed at 2026-01-11T16:00:00+08:00

            when: today.weekday == 7 && today.status == "completed" && streaks.completed_days.current >= 7
              = false
              today.weekday == 7 && today.status == "completed"  → false
                today.weekday == 7                               → false
                  today.weekday                                  → 1
                today.status == "completed"                      → not evaluated
                  today.status                                   → not evaluated
              streaks.completed_days.current >= 7                → not evaluated
                streaks.completed_days.current                   → not evaluated
              (shown at now: it held when it unlocked; unlocks are never revoked)

            """)
    }

    @Test func aSessionAcrossMidnightUnlocksByItsRecord() throws {
        #expect(try Self.explain("seven_days", rules: ["rules/lifer"], state: "examples/lifer/midnight_session.json") == """
            seven_days (持之以恒): unlocked (as of 2026-03-07T09:00:00+08:00)
              category 成就 · rarity epic · 100 points
              progress 7 of 7

            unlocked at 2026-03-07T00:30:00+08:00 by event:
              events[13]  record_saved at 2026-03-07T00:30:00+08:00

            when: streaks.timing_days.current >= 7
              = true
              streaks.timing_days.current  → 7

            """)
    }

    @Test func aNowOverrideExplainsABrokenStreak() throws {
        #expect(try Self.explain("streak_3_days", rules: ["rules/taskmate"], state: "examples/taskmate/new_user.json", now: "2026-03-04T09:00:00+08:00") == """
            streak_3_days (新的开始): locked (as of 2026-03-04T09:00:00+08:00)
              category 习惯养成 (habit) · rarity common · 100 points · repeatable
              progress 0 of 3

            milestone: streak daily_use reaches 3 days
              streaks.daily_use.current = 0 (status broken), needs ≥ 3

            missing:
              - streak 0 of 3 (daily_use, broken)

            """)
    }
}
