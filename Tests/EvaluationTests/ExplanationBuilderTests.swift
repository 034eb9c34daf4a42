import CEL
import Evaluation
import Foundation
import Output
import Rules
import Testing

/// SPEC 7.2, golden outputs: the criterion with the value of every sub-expression at `now`, what
/// is missing for a locked achievement, and when and by which event an unlocked one unlocked.
/// The rules are real rule files (loaded and compiled); the facts are listed by hand.
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
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("explain-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try rulesText.write(to: folder.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        try catalogText.write(to: folder.appendingPathComponent("catalog.yaml"), atomically: true, encoding: .utf8)
        let loaded = RuleSetLoader.load(paths: [folder.path])
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty)
        return try #require(loaded.ruleSet)
    }

    /// Three focus sessions in +08:00 on 2026-03-01..03 (the last at 23:30) and two levels done.
    static func facts(now: Int64) -> ListedFacts {
        let day: Int64 = 86_400, base: Int64 = 1_772_294_400   // 2026-03-01T00:00:00+08:00
        return ListedFacts(now: now, offset: 28_800, events: [
            (base + 10 * 3600, "focus_session", 10, 250),
            (base + day + 10 * 3600, "focus_session", 10, 250),
            (base + 2 * day + 23 * 3600 + 1800, "focus_session", 23, 50),
        ], completedLevels: [("nianhua_01", base + 3600), ("nianhua_02", base + 7200)],
           streakSteps: [(base + 10 * 3600, 1), (base + day + 10 * 3600, 2), (base + 2 * day + 23 * 3600 + 1800, 3)])
    }

    static func explain(_ id: String, now: Int64 = 1_772_294_400 + 3 * 86_400 + 9 * 3600) throws -> String {
        let rules = try loadRules()
        let facts = facts(now: now)
        let outcome = Replay(rules: rules).run(facts)
        let builder = ExplanationBuilder(rules: rules, outcome: outcome, timeline: facts.timeline)
        let explanation = try #require(builder.explain(id))
        return ExplanationTextRenderer().render(explanation)
    }

    @Test func aLockedConditionShowsEachSubExpressionAndHowFarItIs() throws {
        #expect(try Self.explain("focus_10_hours") == """
            focus_10_hours (专注新手): locked at 2026-03-04T09:00:00+08:00
              category focus · rarity common · 100 points
              progress 550 of 600

            when: metrics.focus_minutes >= 600
              = false
              metrics.focus_minutes  → 550

            missing:
              - progress 550 of 600

            """)
    }

    @Test func anUnlockedConditionNamesTheEventThatUnlockedIt() throws {
        #expect(try Self.explain("focus_night_owl") == """
            focus_night_owl (夜猫子): unlocked at 2026-03-04T09:00:00+08:00
              category focus · rarity epic · 150 points
              progress 1 of 1

            unlocked at 2026-03-03T23:30:00+08:00 by event:
              events[2]  focus_session at 2026-03-03T23:30:00+08:00

            when: events.exists(e, e.type == "focus_session" && (e.hour >= 23 || e.hour <= 1))
              = true
              events  → list of 3

            """)
    }

    @Test func aNestedConditionShowsEachPartIndentedUnderTheOneItBelongsTo() throws {
        #expect(try Self.explain("busy_focus") == """
            busy_focus (Busy): locked at 2026-03-04T09:00:00+08:00
              category general · rarity common · 0 points
              progress 0 of 1

            when: metrics.focus_minutes >= 100 && events.filter(e, e.hour < 12).size() > 5
              = false
              metrics.focus_minutes >= 100              → true
                metrics.focus_minutes                   → 550
              events.filter(e, e.hour < 12).size() > 5  → false
                events.filter(e, e.hour < 12).size()    → 2
                  events.filter(e, e.hour < 12)         → list of 2
                    events                              → list of 3

            missing:
              - the condition is false at 2026-03-04T09:00:00+08:00

            """)
    }

    @Test func aMilestoneShowsItsStreak() throws {
        #expect(try Self.explain("streak_3_days", now: 1_772_294_400 + 2 * 86_400 + 12 * 3600) == """
            streak_3_days (新的开始): locked at 2026-03-03T12:00:00+08:00
              category streak · rarity common · 100 points
              progress 2 of 3

            milestone: streak daily_use reaches 3 days
              streaks.daily_use.current = 2 (status active), needs ≥ 3

            missing:
              - streak 2 of 3 (daily_use, active)

            """)
    }

    @Test func aModuleListsTheLevelsStillMissing() throws {
        #expect(try Self.explain("nianhua_complete") == """
            nianhua_complete (年画通关): locked at 2026-03-04T09:00:00+08:00
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
            owl_and_module (Both): locked at 2026-03-04T09:00:00+08:00
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
        let facts = Self.facts(now: 1_772_294_400 + 3 * 86_400)
        let builder = ExplanationBuilder(rules: rules, outcome: Replay(rules: rules).run(facts), timeline: facts.timeline)
        #expect(builder.explain("focus_10_hour") == nil)
        #expect(builder.awardIDs.contains("focus_10_hours"))
    }
}

/// Facts listed by hand: focus sessions as CEL event records, completed levels, a streak's
/// `current` as steps of time.
struct ListedFacts: ReplayFacts {
    var userID = "u1"
    var now: ReportedTime
    var timeline: [TimelineEvent]
    var dayBoundaries: [CELTimestamp] = []
    var storedUnlocks: [StoredUnlock] = []
    var warnings: [EvaluationWarning] = []
    let offset: Int
    let records: [CELValue]
    let completedLevels: [(id: String, at: Int64)]
    let streakSteps: [(from: Int64, current: Int)]

    init(now: Int64, offset: Int, events: [(at: Int64, type: String, hour: Int, minutes: Int)],
         completedLevels: [(String, Int64)], streakSteps: [(Int64, Int)]) {
        self.now = ReportedTime(instant: CELTimestamp(seconds: now), offsetSeconds: offset)
        self.offset = offset
        let visible = events.enumerated().filter { $0.element.at <= now }
        timeline = visible.map { TimelineEvent(at: ReportedTime(instant: CELTimestamp(seconds: $0.element.at), offsetSeconds: offset), index: $0.offset) }
        records = visible.map { _, event in
            .record([("type", .string(event.type)), ("at", .timestamp(CELTimestamp(seconds: event.at))),
                     ("hour", .int(Int64(event.hour))), ("minutes", .int(Int64(event.minutes)))])
        }
        self.completedLevels = completedLevels.map { (id: $0.0, at: $0.1) }
        self.streakSteps = streakSteps.map { (from: $0.0, current: $0.1) }
    }

    func reportingOffset(at instant: CELTimestamp) -> Int { offset }
    func levelsStamp(at moment: FactMoment) -> Int { completedLevels.filter { $0.at <= moment.instant.seconds }.count }

    func variable(_ variable: FactVariable, at moment: FactMoment) -> CELValue {
        switch variable {
        case .now: return .timestamp(moment.instant)
        case .events: return .list(CELList(Array(records.prefix(moment.eventCount))))
        case .levels:
            let done = completedLevels.filter { $0.at <= moment.instant.seconds }
            return .map(CELMap(strings: done.map { (key: $0.id, value: .record([("completed", .bool(true))])) }))
        case .streaks:
            return .map(CELMap(strings: [(key: "daily_use", value: .record([("current", .int(Int64(streakCurrent("daily_use", at: moment))))]))]))
        default: return .map(CELMap(strings: []))
        }
    }

    func streakCurrent(_ streak: String, at moment: FactMoment) -> Int {
        streakSteps.last { $0.from <= moment.instant.seconds }?.current ?? 0
    }

    func moduleProgress(catalog: String, module: String, difficulty: String?, at moment: FactMoment) -> (done: Int, total: Int) {
        (completedLevels.filter { $0.at <= moment.instant.seconds && $0.id != "nianhua_bonus" }.count, 3)
    }

    func streakStandings(at moment: FactMoment) -> [StreakStanding] {
        let current = streakCurrent("daily_use", at: moment)
        return [StreakStanding(id: "daily_use", current: current, longest: current, totalDays: current,
                               status: current > 0 ? "active" : "none", freezesAvailable: 0, lastDay: nil)]
    }
}
