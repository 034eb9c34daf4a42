import Evaluation
import Facts
import Foundation
import JSON
import RuleModel
import Rules
import RulecheckEngine
import Testing

/// The embedded engine's reminders: the compiled bundle carries them, and a session tells what is
/// coming and which notifications to schedule after every step, as the decision at that moment.
@Suite struct EngineRemindersTests {
    static func moment(_ text: String) -> Moment {
        (try? Moment.parse(text).get()) ?? Moment(instant: .init(seconds: 0), offsetSeconds: 0)
    }

    static func lines(_ coming: (upcoming: [UpcomingChange], reminders: [DueReminder])) -> [String] {
        coming.upcoming.map { "\($0.at) \($0.kind) \($0.subject)" } + coming.reminders.map { "\($0.at) \($0.id) \($0.subject)" }
    }

    /// The session's `coming` after a step equals the decision's at the step's moment.
    static func expectComingLikeTheDecision(_ session: EngineSession, at now: Moment) throws {
        let decision = try session.decision(at: now)
        #expect(lines(session.coming) == lines((decision.upcoming, decision.reminders)), "at \(now)")
    }

    @Test func bundleCarriesRemindersAndOneWithoutThemHasNone() throws {
        let yaml = try EngineFixtures.rules("skinlab")
        let compiled = try EngineRules(bundle: Array(RuleBundle.json(of: yaml).utf8), file: "rules.json")
        #expect(compiled.ruleSet.reminders.map(\.id) == yaml.reminders.map(\.id))
        #expect(compiled.ruleSet.reminders.map(\.beforeSeconds) == [14_400, 14_400, 14_400])
        #expect(compiled.ruleSet.reminders.first?.when?.source == "streaks.check_in.current == 5")
        #expect(compiled.reminderTitle("streak_at_risk_day_5") == "连续打卡5天，今天还没打卡")
        #expect(compiled.reminderMeta("streak_at_risk_day_5") == .object(JSONObject([("ask_permission", .bool(true)), ("days", .int(5))])))
        var document = try JSONParser.parse(RuleBundle.json(of: yaml))
        document.set(["reminders"], nil)
        let without = try EngineRules(bundle: Array(JSONWriter.write(document).utf8), file: "rules.json")
        #expect(without.ruleSet.reminders.isEmpty)
    }

    static let damaged: [ReminderDamage] = [
        ReminderDamage(path: ["reminders", "0", "on"], value: .string("streak_break"), "reminders[0].on", "not a kind"),
        ReminderDamage(path: ["reminders", "0", "streak"], value: .string("nope"), "reminders[0].streak", "no streak 'nope'"),
        ReminderDamage(path: ["reminders", "0", "before_seconds"], value: .int(700_000), "reminders[0].before_seconds", "between 0 and"),
        ReminderDamage(path: ["reminders", "1", "id"], value: .string("streak_at_risk_day_5"), "reminders[1].id", "used twice"),
        ReminderDamage(path: ["reminders", "0", "when", "source"], value: .string("streaks.check_in.current"), "reminders[0].when.source", "must be a condition"),
        ]

    @Test(arguments: damaged)
    func damagedRemindersAreRefused(damage: ReminderDamage) throws {
        let (path, value, expected, message) = (damage.path, damage.value, damage.at, damage.message)
        var document = try JSONParser.parse(RuleBundle.json(of: try EngineFixtures.rules("skinlab")))
        document.set(path.map { Int($0) ?? $0 as Any }, value)
        do {
            _ = try EngineRules(bundle: Array(JSONWriter.write(document).utf8), file: "rules.json")
            Issue.record("decoded")
        } catch {
            #expect(error.path.description == expected && error.message.contains(message), "\(error)")
        }
    }

    /// Weekyii (seed 002 §5.5, §5.6, §8): the kill-time notification is scheduled when the day is
    /// started before the kill time, cancelled when it completes, none when it starts after.
    @Test func weekyiiKillTimeNotificationFollowsTheDay() throws {
        let rules = EngineRules(try EngineFixtures.rules("weekyii"))
        var session = try EngineSession(rules: rules, userID: "w", timeZone: "Asia/Shanghai", at: Self.moment("2026-03-02T08:00:00+08:00"))
        #expect(session.reminders.filter { $0.id == "kill_time" }.isEmpty)
        var now = Self.moment("2026-03-02T09:00:00+08:00")
        _ = try session.record(EngineEvent(type: "day_planned", at: now, attributes: JSONObject([("tasks", .int(2))])))
        #expect(session.reminders.filter { $0.id == "kill_time" }.map { "\($0.id) \($0.at) \($0.kind) \($0.subject)" }
            == ["kill_time 2026-03-02T20:00:00+08:00 day_expires 2026-03-02"])
        try Self.expectComingLikeTheDecision(session, at: now)
        for time in ["2026-03-02T10:00:00+08:00", "2026-03-02T11:00:00+08:00"] {
            now = Self.moment(time)
            _ = try session.record(EngineEvent(type: "task_completed", at: now))
            try Self.expectComingLikeTheDecision(session, at: now)
        }
        #expect(session.reminders.filter { $0.id == "kill_time" }.isEmpty, "completed: cancelled")
        now = Self.moment("2026-03-03T20:30:00+08:00")
        _ = try session.advance(to: now)
        try Self.expectComingLikeTheDecision(session, at: now)
        _ = try session.record(EngineEvent(type: "day_planned", at: now, attributes: JSONObject([("tasks", .int(2))])))
        #expect(!session.upcoming.contains { $0.kind == "day_expires" }, "started after the kill time: expired at once")
        #expect(session.reminders.filter { $0.id == "kill_time" }.isEmpty)
        try Self.expectComingLikeTheDecision(session, at: now)
    }

    /// Weekyii's daily planning reminder (seed 002 §8.1) through the compiled bundle: due at the
    /// user's time on today and tomorrow while the day is not planned, as the decision gives it.
    @Test func weekyiiDailyReminderThroughTheBundle() throws {
        let yaml = try EngineFixtures.rules("weekyii")
        let rules = try EngineRules(bundle: Array(RuleBundle.json(of: yaml).utf8), file: "rules.json")
        let daily = try #require(rules.ruleSet.reminders.first { $0.id == "plan_today" })
        #expect(daily.on == nil && daily.daily == ReminderRule.Daily(at: LocalTime(minutes: 9 * 60), setting: "daily_reminder"))
        #expect(daily.when?.source == "today.planned == 0")
        let user = JSONObject([("id", .string("w")), ("timezone", .string("Asia/Shanghai")), ("daily_reminder", .string("07:30"))])
        let withTime = StateFile(user: user, userID: "w", userTimeZone: "Asia/Shanghai")
        var session = try EngineSession(rules: rules, state: withTime, at: Self.moment("2026-03-02T07:00:00+08:00"))
        #expect(session.reminders.map { "\($0.id) \($0.at) \($0.kind) \($0.subject)" }
            == ["plan_today 2026-03-02T07:30:00+08:00 daily 2026-03-02", "plan_today 2026-03-03T07:30:00+08:00 daily 2026-03-03"])
        let now = Self.moment("2026-03-02T07:10:00+08:00")
        _ = try session.record(EngineEvent(type: "day_planned", at: now, attributes: JSONObject([("tasks", .int(2))])))
        #expect(session.reminders.map { "\($0.id) \($0.subject)" } == ["kill_time 2026-03-02", "plan_today 2026-03-03"])
        try Self.expectComingLikeTheDecision(session, at: now)
    }

    /// SkinLab: the at-risk warnings (a `when` over the streak) after each check-in and each
    /// morning, as the decision gives them.
    @Test func skinlabWarningsAfterEveryStep() throws {
        let rules = EngineRules(try EngineFixtures.rules("skinlab"))
        var session = try EngineSession(rules: rules, userID: "s", at: Self.moment("2026-03-01T07:00:00+08:00"))
        var warned: [String] = []
        for day in 1...8 {
            let morning = Self.moment("2026-03-0\(day)T07:30:00+08:00")
            _ = try session.advance(to: morning)
            try Self.expectComingLikeTheDecision(session, at: morning)
            warned += session.reminders.map { "\($0.id) \($0.at)" }
            let checkIn = Self.moment("2026-03-0\(day)T08:00:00+08:00")
            _ = try session.record(EngineEvent(type: "tracking_completed", at: checkIn))
            try Self.expectComingLikeTheDecision(session, at: checkIn)
            // Checked in: today is safe; a run of 5 or 7 is warned about tomorrow evening, and the
            // next check-in replaces that warning.
            let expected = [5, 7].contains(day) ? ["streak_at_risk_day_\(day) 2026-03-0\(day + 1)T20:00:00+08:00"] : []
            #expect(session.reminders.map { "\($0.id) \($0.at)" } == expected, "day \(day)")
        }
        #expect(warned == ["streak_at_risk_day_5 2026-03-06T20:00:00+08:00", "streak_at_risk_day_7 2026-03-08T20:00:00+08:00"])
    }
}

/// One way to damage a bundle's reminders, and the error's path and message.
struct ReminderDamage: Sendable {
    var path: [String]
    var value: JSONValue
    var at: String
    var message: String

    init(path: [String], value: JSONValue, _ at: String, _ message: String) {
        (self.path, self.value, self.at, self.message) = (path, value, at, message)
    }
}
