import RulesTestSupport
import Testing
import RuleModel
@testable import Rules

/// `reminders` (docs/rules.md, "reminders[]"): each key decoded and checked, one diagnostic per
/// mistake at its place.
@Suite struct ReminderDecodingTests {
    @Test(arguments: [
        ("0", 0), ("0m", 0), ("30m", 1_800), ("4h", 14_400), ("1h30m", 5_400), ("2d", 172_800), ("1d2h3m", 93_780),
        ("7d", 604_800),
    ])
    func durationsInTheirSyntax(text: String, seconds: Int) {
        #expect(RuleFileDecoder.durationSeconds(text) == seconds)
    }

    @Test(arguments: ["", "h", "4", "4 h", "4hours", "30m1h", "1h1h", "-1h", "1.5h", "4H", "1s", "１h", "9999999m"])
    func notDurations(text: String) {
        #expect(RuleFileDecoder.durationSeconds(text) == nil)
    }

    static let streak = """
        schema: 1
        streaks:
          - { id: daily, title: Daily, counts: event.type == "check_in" }
        reminders:

        """

    /// One reminder entry (at line 5) and the codes it gives, with the line of the first.
    @Test(arguments: [
        ("  - { id: r, title: R, on: streak_breaks }", [String](), 0),
        ("  - { id: r, title: R, on: streak_breaks, streak: daily, before: 4h, when: 'streaks.daily.current in [5, 7]', meta: { a: 1 } }", [], 0),
        ("  - { id: r, title: { en: R, zh-Hans: 提醒 }, on: day_expires, before: 0 }", [], 0),
        ("  - { id: r, on: available_until, before: 7d }", [], 0),
        ("  - { id: r, title: R }", [RuleCode.missingKey], 5),
        ("  - { id: r, title: R, on: streak_risk }", [RuleCode.invalidEnum], 5),
        ("  - { id: r, title: R, on: streak_breaks, streak: weekly }", [RuleCode.unknownStreak], 5),
        ("  - { id: r, title: R, on: day_expires, streak: daily }", [RuleCode.reminderStreakWithoutStreakKind], 5),
        ("  - { id: r, title: R, on: streak_breaks, before: 7d1m }", [RuleCode.outOfRange], 5),
        ("  - { id: r, title: R, on: streak_breaks, before: 4 }", [RuleCode.invalidDuration], 5),
        ("  - { id: r, title: R, on: streak_breaks, before: yes }", [RuleCode.invalidDuration], 5),
        ("  - { id: r, title: R, on: streak_breaks, when: 'streaks.daily.current' }", [RuleCode.notBool], 5),
        ("  - { id: r, title: R, on: streak_breaks, when: 'metrics.nope > 1' }", [RuleCode.unknownMetric], 5),
        ("  - { id: r, title: R, on: streak_breaks, meta: 3 }", [RuleCode.wrongType], 5),
        ("  - { id: r, title: R, on: streak_breaks, befor: 1h }", [RuleCode.unknownKey], 5),
        ("  - { id: R1, title: R, on: streak_breaks }", [RuleCode.invalidID], 5),
        ("  - { id: r, title: R, on: streak_breaks }\n  - { id: r, title: S, on: day_expires }", [RuleCode.duplicateID], 6),
        ("  - { id: r, title: R, on: daily, at: \"09:00\", setting: plan_time, when: 'today.planned == 0' }", [], 0),
        ("  - { id: r, title: R, on: daily }", [RuleCode.missingKey], 5),
        ("  - { id: r, title: R, on: daily, at: \"9am\" }", [RuleCode.invalidTime], 5),
        ("  - { id: r, title: R, on: daily, at: \"09:00\", before: 1h }", [RuleCode.reminderKeyOfOtherKind], 5),
        ("  - { id: r, title: R, on: daily, at: \"09:00\", streak: daily }", [RuleCode.reminderKeyOfOtherKind], 5),
        ("  - { id: r, title: R, on: streak_breaks, at: \"09:00\" }", [RuleCode.reminderKeyOfOtherKind], 5),
        ("  - { id: r, title: R, on: day_expires, setting: plan_time }", [RuleCode.reminderKeyOfOtherKind], 5),
        ("  - { id: r, title: R, on: daily, at: \"09:00\", setting: [a] }", [RuleCode.wrongType], 5),
    ])
    func eachKeyIsChecked(entry: String, codes: [String], line: Int) throws {
        let files: [String: String] = ["a.yaml": Self.streak + entry + "\n"]
        let loaded = RuleSetText.result(files)
        #expect(loaded.diagnostics.filter { $0.severity == .error }.map(\.code) == codes, "\(loaded.diagnostics.map(\.message))")
        if codes.isEmpty {
            let reminder = try #require(loaded.ruleSet?.reminders.first)
            #expect(reminder.id == "r")
        } else {
            #expect(loaded.diagnostics.first?.span?.start.line == line)
            #expect(loaded.ruleSet == nil)
        }
    }

    @Test func decodedAsWritten() throws {
        let files: [String: String] = ["a.yaml": Self.streak + """
              - id: last_call
                title: { zh-Hans: 今天还没打卡, en: Check in today }
                on: streak_breaks
                streak: daily
                before: 1h30m
                when: streaks.daily.current >= 3
                meta: { ask_permission: true }
              - { id: any_streak, title: Any, on: streak_at_risk }

            """]
        let rules = try #require(RuleSetText.result(files).ruleSet)
        #expect(rules.reminders.map(\.id) == ["last_call", "any_streak"])
        let first = rules.reminders[0]
        #expect(first.on == .streakBreaks && first.streak == "daily" && first.beforeSeconds == 5_400)
        #expect(first.when?.source == "streaks.daily.current >= 3")
        #expect(first.title == "今天还没打卡" && rules.localized(to: "en").reminders[0].title == "Check in today")
        #expect("\(first.meta ?? .null)" == #"{"ask_permission": true}"#)
        #expect(rules.reminders[1].streak == nil && rules.reminders[1].beforeSeconds == 0 && rules.reminders[1].when == nil)
    }

    @Test func dailyDecodedAsWritten() throws {
        let files: [String: String] = ["a.yaml": Self.streak + """
              - { id: plan, title: Plan, on: daily, at: "21:30", setting: plan_time }
              - { id: morning, title: Morning, on: daily, at: "07:05" }

            """]
        let rules = try #require(RuleSetText.result(files).ruleSet)
        #expect(rules.reminders.map(\.kindName) == ["daily", "daily"])
        #expect(rules.reminders[0].on == nil && rules.reminders[0].daily == ReminderRule.Daily(at: LocalTime(minutes: 21 * 60 + 30), setting: "plan_time"))
        #expect(rules.reminders[1].daily == ReminderRule.Daily(at: LocalTime(minutes: 7 * 60 + 5), setting: nil))
    }
}
