import CEL
import Diagnostics
import Evaluation
import Facts
@testable import Output
import RuleModel
import Testing

/// `upcoming` and `reminders` in the JSON decision (always present, entries in their
/// key order, `meta` passed through) and the text view's "Coming up" part, with reminder titles
/// in the locale asked for.
@Suite struct ComingUpRendererTests {
    static func at(_ text: String) -> Moment {
        (try? Moment.parse(text).get()) ?? Moment(instant: CELTimestamp(seconds: 0), offsetSeconds: 0)
    }

    static let span = SourceSpan(file: "r.yaml", start: .init(line: 1, column: 1), end: .init(line: 1, column: 2))

    static var rules: RuleSet {
        var rules = RuleSet()
        let title = LocalizedText(entries: [.init(locale: "zh-Hans", text: "今天还没打卡"), .init(locale: "en", text: "Check in today")],
                                  span: span)
        rules.reminders = [
            ReminderRule(id: "last_call", title: "今天还没打卡", localizedTitle: title, on: .streakBreaks, streak: "daily",
                         beforeSeconds: 7_200, meta: .map(CELMap(strings: [("ask_permission", .bool(true))])), span: span),
            ReminderRule(id: "kill", title: "kill", on: .dayExpires, span: span),
        ]
        return rules
    }

    static var decision: Decision {
        var decision = Decision(user: "u1", now: at("2026-03-05T18:00:00Z"), unlocks: [], achievements: [], streaks: [],
                                points: 0, rank: nil, warnings: [])
        decision.upcoming = [
            UpcomingChange(at: at("2026-03-05T20:00:00Z"), kind: "day_expires", day: "2026-03-05"),
            UpcomingChange(at: at("2026-03-06T00:00:00Z"), kind: "streak_breaks", streak: "daily"),
            UpcomingChange(at: at("2026-03-06T09:00:00Z"), kind: "available_from", achievement: "spring"),
        ]
        decision.reminders = [
            DueReminder(id: "kill", at: at("2026-03-05T20:00:00Z"), kind: "day_expires", day: "2026-03-05"),
            DueReminder(id: "last_call", at: at("2026-03-05T22:00:00Z"), kind: "streak_breaks", streak: "daily"),
        ]
        return decision
    }

    @Test func jsonListsBothWithTheirSubjectAndMeta() {
        let text = DecisionJSONRenderer(rules: Self.rules).renderLine(Self.decision)
        let line = String(decoding: text, as: UTF8.self)
        let expected: String = #""rank":null,"metrics":{},"upcoming":[{"at":"2026-03-05T20:00:00Z","kind":"day_expires","day":"2026-03-05"},"#
            + #"{"at":"2026-03-06T00:00:00Z","kind":"streak_breaks","streak":"daily"},"#
            + #"{"at":"2026-03-06T09:00:00Z","kind":"available_from","achievement":"spring"}],"#
            + #""reminders":[{"id":"kill","at":"2026-03-05T20:00:00Z","kind":"day_expires","day":"2026-03-05"},"#
            + #"{"id":"last_call","at":"2026-03-05T22:00:00Z","kind":"streak_breaks","streak":"daily","meta":{"ask_permission":true}}],"#
            + #""warnings":[]"#
        #expect(line.contains(expected))
    }

    @Test func jsonAlwaysHasBothKeys() {
        var decision = Self.decision
        (decision.upcoming, decision.reminders) = ([], [])
        let text = DecisionJSONRenderer().render(decision)
        #expect(text.contains("\n  \"upcoming\": [],\n  \"reminders\": [],\n"))
    }

    @Test(arguments: [(nil, "今天还没打卡 (last_call)"), ("en", "Check in today (last_call)"), ("zh-Hans", "今天还没打卡 (last_call)")])
    func textShowsComingUpAfterTheStreaksWithTitlesInTheLocale(locale: String?, title: String) {
        let text = DecisionTextRenderer(rules: Self.rules.localized(to: locale)).render(Self.decision)
        let lines = text.split(separator: "\n").map(String.init)
        let points = lines.firstIndex { $0.hasPrefix("Points:") } ?? -1
        let coming = lines.firstIndex(of: "Coming up:") ?? -1
        #expect(points >= 0 && coming > points)
        #expect(lines[coming + 1] == "  2026-03-05T20:00:00Z  day expires: day 2026-03-05")
        #expect(lines[coming + 2] == "  2026-03-06T00:00:00Z  streak breaks: daily")
        #expect(lines[coming + 3] == "  2026-03-06T09:00:00Z  available from: spring")
        #expect(lines[coming + 4] == "Reminders:")
        #expect(lines[coming + 5] == "  2026-03-05T20:00:00Z  kill  (day expires: day 2026-03-05)")
        #expect(lines[coming + 6] == "  2026-03-05T22:00:00Z  \(title)  (streak breaks: daily)")
    }

    @Test func textLeavesThePartOutWhenNothingIsComing() {
        var decision = Self.decision
        (decision.upcoming, decision.reminders) = ([], [])
        #expect(!DecisionTextRenderer().render(decision).contains("Coming up"))
    }

    /// A daily reminder (`on: daily`) in the JSON (`kind: daily` with its `day`), the text view
    /// and the page, titled in the locale.
    @Test func dailyReminderInEveryOutput() {
        var rules = RuleSet()
        rules.reminders = [ReminderRule(id: "plan_today", title: "开始规划今日任务",
                                        localizedTitle: LocalizedText(entries: [.init(locale: "zh-Hans", text: "开始规划今日任务"),
                                                                                .init(locale: "en", text: "Plan today")], span: Self.span),
                                        daily: ReminderRule.Daily(at: LocalTime(minutes: 540), setting: "daily_reminder"), span: Self.span)]
        var decision = Decision(user: "u1", now: Self.at("2026-03-05T07:00:00+08:00"), unlocks: [], achievements: [], streaks: [],
                                points: 0, rank: nil, warnings: [])
        decision.reminders = [DueReminder(id: "plan_today", at: Self.at("2026-03-05T09:00:00+08:00"), kind: "daily", day: "2026-03-05")]
        let line = String(decoding: DecisionJSONRenderer(rules: rules).renderLine(decision), as: UTF8.self)
        #expect(line.contains(#""reminders":[{"id":"plan_today","at":"2026-03-05T09:00:00+08:00","kind":"daily","day":"2026-03-05"}]"#))
        let text = DecisionTextRenderer(rules: rules.localized(to: "en")).render(decision)
        #expect(text.contains("  2026-03-05T09:00:00+08:00  Plan today (plan_today)  (daily: day 2026-03-05)"))
        let html = DecisionHTMLRenderer(rules: rules.localized(to: "en")).render(DecisionPage(decision: decision, calendars: []))
        #expect(html.contains(#"data-reminder="plan_today" data-kind="daily""#))
        #expect(html.contains("Plan today"))
    }
}
