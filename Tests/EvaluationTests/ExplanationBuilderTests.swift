import CEL
import Evaluation
import Facts
import Foundation
import Output
import RuleModel
import Rules
import RulesTestSupport
import Testing

/// README.md, "Command line", golden outputs: the criterion with the value of every sub-expression at `now`, what
/// is missing for a locked achievement, and when and by which event an unlocked one unlocked.
/// Real rule files and a real state file, replayed by the engine.
@Suite struct ExplanationBuilderTests {
    static let rulesText = """
        schema: 1
        metrics:
          focus_minutes: events.filter(e, e.type == "focus_session").map(e, int(e.minutes)).sum()
        streaks:
          - id: daily_use
            title: 连续使用
            counts: event.type == "focus_session"
            milestones:
              - { days: 3, id: streak_3_days, title: 新的开始, points: 100 }
        achievements:
          - id: focus_10_hours
            title: 专注新手
            category: focus
            points: 100
            when: metrics.focus_minutes >= 600
          - id: focus_night_owl
            title: 夜猫子
            category: focus
            rarity: epic
            points: 150
            when: events.exists(e, e.type == "focus_session" && (e.hour >= 23 || e.hour <= 1))
          - id: busy_focus
            title: Busy
            when: metrics.focus_minutes >= 100 && events.filter(e, e.hour < 12).size() > 5
          - id: nianhua_complete
            title: 年画通关
            points: 300
            complete_module: { catalog: puzzle, module: nianhua }
          - id: owl_and_module
            title: Both
            requires: [focus_night_owl, nianhua_complete]
            when: "true"

        """
    static let catalogText = """
        schema: 1
        catalog:
          id: puzzle
          version: 2
          modules:
            - { id: nianhua, title: 年画 }
          levels:
            - { id: nianhua_01, module: nianhua, title: 一 }
            - { id: nianhua_02, module: nianhua, title: 二 }
            - { id: nianhua_03, module: nianhua, title: 三, release: 2 }
            - { id: nianhua_bonus, module: nianhua, title: 彩蛋, counts: false }

        """

    static func loadRules() throws -> RuleSet {
        try RuleSetText.load(files: [("catalog.yaml", catalogText), ("rules.yaml", rulesText)])
    }

    /// Three focus sessions in +08:00 on 2026-03-01..03 (the last at 23:30), and two levels
    /// completed on 03-01 written last in the file.
    static let stateText = """
        {"schema": 1, "user": {"id": "u1"}, "events": [
          {"type": "focus_session", "at": "2026-03-01T10:00:00+08:00", "minutes": 250},
          {"type": "focus_session", "at": "2026-03-02T10:00:00+08:00", "minutes": 250},
          {"type": "focus_session", "at": "2026-03-03T23:30:00+08:00", "minutes": 50},
          {"type": "level_completed", "at": "2026-03-01T01:00:00+08:00", "level": "nianhua_01"},
          {"type": "level_completed", "at": "2026-03-01T02:00:00+08:00", "level": "nianhua_02"}
        ]}
        """

    static func explain(_ id: String, now: String = "2026-03-04T09:00:00+08:00") throws -> String {
        let rules = try loadRules()
        let state = try StateFile.parse(json: stateText, file: "state.json")
        guard case .success(let moment) = Moment.parse(now) else { throw ExplainTestProblem.badNow }
        let facts = try StateFacts(state: state, rules: rules, now: moment)
        let outcome = Replay(rules: rules).run(facts)
        let builder = ExplanationBuilder(rules: rules, outcome: outcome, events: facts.events)
        let explanation = try #require(builder.explain(id))
        return ExplanationTextRenderer().render(explanation)
    }

    enum ExplainTestProblem: Error { case badNow }

    @Test func aLockedConditionShowsEachSubExpressionAndHowFarItIs() throws {
        #expect(try Self.explain("focus_10_hours") == """
            focus_10_hours (专注新手): locked (as of 2026-03-04T09:00:00+08:00)
              category focus · rarity common · 100 points
              progress 550 of 600

            when: metrics.focus_minutes >= 600
              = false
              metrics.focus_minutes  → 550

            missing:
              - progress 550 of 600 (metrics.focus_minutes)

            """)
    }

    @Test func anUnlockedConditionNamesTheEventThatUnlockedIt() throws {
        #expect(try Self.explain("focus_night_owl") == """
            focus_night_owl (夜猫子): unlocked (as of 2026-03-04T09:00:00+08:00)
              category focus · rarity epic · 150 points
              progress 1 of 1

            unlocked at 2026-03-03T23:30:00+08:00 by event:
              events[2]  focus_session at 2026-03-03T23:30:00+08:00

            when: events.exists(e, e.type == "focus_session" && (e.hour >= 23 || e.hour <= 1))
              = true
              events  → list of 5
            events.exists(e, e.type == "focus_session" && (e.hour >= 23 || e.hour <…: events[2]: focus_session at 2026-03-03T23:30:00+08:00 made it true
              e.type == "focus_session"    → true
                e.type                     → "focus_session"
              e.hour >= 23 || e.hour <= 1  → true
                e.hour >= 23               → true
                  e.hour                   → 23

            """)
    }

    @Test func aNestedConditionShowsEachPartIndentedUnderTheOneItBelongsTo() throws {
        #expect(try Self.explain("busy_focus") == """
            busy_focus (Busy): locked (as of 2026-03-04T09:00:00+08:00)
              category general · rarity common · 0 points
              progress 0 of 1

            when: metrics.focus_minutes >= 100 && events.filter(e, e.hour < 12).size() > 5
              = false
              metrics.focus_minutes >= 100              → true
                metrics.focus_minutes                   → 550
              events.filter(e, e.hour < 12).size() > 5  → false
                events.filter(e, e.hour < 12).size()    → 4
                  events.filter(e, e.hour < 12)         → list of 4
                    events                              → list of 5

            missing:
              - the condition is false at 2026-03-04T09:00:00+08:00

            """)
    }

    @Test func aMilestoneShowsItsStreak() throws {
        #expect(try Self.explain("streak_3_days", now: "2026-03-03T12:00:00+08:00") == """
            streak_3_days (新的开始): locked (as of 2026-03-03T12:00:00+08:00)
              category streak · rarity common · 100 points
              progress 2 of 3

            milestone: streak daily_use reaches 3 days
              streaks.daily_use.current = 2 (status at_risk), needs ≥ 3

            missing:
              - streak 2 of 3 (daily_use, at_risk)

            """)
    }

    @Test func aModuleListsTheLevelsStillMissing() throws {
        #expect(try Self.explain("nianhua_complete") == """
            nianhua_complete (年画通关): locked (as of 2026-03-04T09:00:00+08:00)
              category general · rarity common · 300 points
              progress 2 of 3

            complete_module: every counted, released level of puzzle/nianhua
              done (2): nianhua_01, nianhua_02
              missing (1): nianhua_03

            missing:
              - 2 of 3 levels: missing nianhua_03

            """)
    }

    @Test func aGatedAchievementNamesTheLockedRequirement() throws {
        #expect(try Self.explain("owl_and_module") == """
            owl_and_module (Both): locked (as of 2026-03-04T09:00:00+08:00)
              category general · rarity common · 0 points
              progress 1 of 1

            when: true
              = true
            requires: focus_night_owl (unlocked), nianhua_complete (locked)

            missing:
              - requires nianhua_complete, which is still locked

            """)
    }

    @Test func anUnknownIDHasNoExplanation() throws {
        let rules = try Self.loadRules()
        let state = try StateFile.parse(json: Self.stateText, file: "state.json")
        let facts = try StateFacts(state: state, rules: rules, now: try #require(state.events.last?.at))
        let builder = ExplanationBuilder(rules: rules, outcome: Replay(rules: rules).run(facts), events: facts.events)
        #expect(builder.explain("focus_10_hour") == nil)
        #expect(builder.awardIDs.contains("focus_10_hours"))
    }
}
