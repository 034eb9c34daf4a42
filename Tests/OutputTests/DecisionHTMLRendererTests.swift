import CEL
import Evaluation
import Facts
import JSON
@testable import Output
import RuleModel
import Testing

/// `eval --format html` (docs/pages.md): every award and streak day carries its data attributes,
/// hostile texts are escaped, and the page is the same bytes every time.
struct DecisionHTMLRendererTests {
    static let hostile = "<script>document.title='pwned'</script><img src=x onerror=\"document.title='pwned'\">"

    static func page(user: String = "u42") -> DecisionPage {
        var decision = DecisionRendererTests.decision
        decision.user = user
        decision.achievements[1].waitingFor = ["focus_10_hours"]
        decision.warnings.append(EvaluationWarning(code: "unknown_achievement", message: "stored unlock '\(hostile)' is kept"))
        let start = LocalDay("2026-01-28") ?? LocalDay(number: 0)
        let days = [StreakDayStatus.qualifying, .frozen, .missed, .qualifying, .pending].enumerated().map {
            StreakCalendar.Day(day: start + $0.offset, status: $0.element)
        }
        return DecisionPage(decision: decision, calendars: [StreakCalendar(id: "daily_use", days: days),
                                                             StreakCalendar(id: "fresh", days: [])])
    }

    static func attributes(_ name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func everyAwardAndDayCarriesItsData() {
        let html = DecisionHTMLRenderer(rules: RuleSet()).render(Self.page())
        #expect(Self.attributes("data-award", in: html) == DecisionRendererTests.decision.achievements.map(\.id))
        #expect(Self.attributes("data-state", in: html).prefix(5) == ["unlocked", "locked", "locked", "unlocked", "locked"])
        #expect(Self.attributes("data-day", in: html) == ["2026-01-28", "2026-01-29", "2026-01-30", "2026-01-31", "2026-02-01"])
        #expect(html.contains("data-status=\"frozen\""))
        #expect(html.contains("data-streak=\"fresh\""))
        #expect(html.contains("No qualifying day yet."))
        #expect(html.contains("data-hidden=\"true\""))
        #expect(!html.contains(">secret_one<"), "a hidden award's id is not shown")
        #expect(html.contains("Done, waiting for: "))
        #expect(html.contains("data-points=\"1250\" data-rank=\"adept\""))
        #expect(html.contains("750 points (at 2000)"))
    }

    @Test func hostileTextsAreEscaped() {
        let html = DecisionHTMLRenderer(rules: RuleSet()).render(Self.page(user: Self.hostile + "\" onerror=\"x"))
        #expect(html.components(separatedBy: "<script").count == 2, "only the page's own script")
        #expect(!html.contains("<img"))
        #expect(!html.contains("\" onerror="))
        #expect(html.contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;"))
    }

    /// The parts merged later: shown metrics (a hostile string among them), upcoming and reminders.
    @Test func metricsAndWhatIsComing() {
        var page = Self.page()
        page.decision.metrics = [ShownMetric(id: "week_days", value: .int(4)),
                                 ShownMetric(id: "motto", value: .string(Self.hostile)),
                                 ShownMetric(id: "broken", value: .null)]
        let at = DecisionRendererTests.at("2026-02-02T00:00:00+08:00")
        page.decision.upcoming = [UpcomingChange(at: at, kind: "streak_at_risk", streak: "daily_use")]
        page.decision.reminders = [DueReminder(id: "streak_tonight", at: at, kind: "streak_at_risk", streak: "daily_use")]
        let html = DecisionHTMLRenderer(rules: RuleSet()).render(page)
        #expect(Self.attributes("data-metric", in: html) == ["week_days", "motto", "broken"])
        #expect(html.contains("could not be evaluated"))
        #expect(html.contains("data-upcoming=\"streak_at_risk\" data-subject=\"daily_use\""))
        #expect(html.contains("data-reminder=\"streak_tonight\""))
        #expect(html.contains("the streak turns at risk"))
        #expect(html.components(separatedBy: "<script").count == 2)
    }

    @Test func sameBytesEveryTime() {
        let renderer = DecisionHTMLRenderer(rules: RuleSet())
        #expect(renderer.render(Self.page()) == renderer.render(Self.page()))
    }

    @Test func selfContained() {
        let html = DecisionHTMLRenderer(rules: RuleSet()).render(Self.page()).lowercased()
        for needle in ["http://", "https://", "<link", "url(", "@import"] {
            #expect(!html.contains(needle), "the page would fetch \(needle)")
        }
    }
}
