@testable import Output
import RuleDiff
import Testing

/// `diff --format html` (docs/pages.md): a card per affected award with its counts as data
/// attributes and a chart, the rule changes as rows, every text escaped.
struct RuleDiffHTMLRendererTests {
    static let hostile = "<script>document.title='pwned'</script>"

    static func report() -> RuleDiffReport {
        var effects = DiffEffects()
        let samples: [(EffectKind, DiffSample)] = [(.gained, .user(hostile)), (.gained, .line(4)), (.later, .user("u7"))]
        for (kind, sample) in samples {
            effects.add(StateComparison(awards: [("focus_10_hours", kind)], points: 0, rank: 0, oldWarnings: [],
                                        newWarnings: [], changed: true), sample: sample)
        }
        for _ in 0..<7 {
            effects.add(StateComparison(awards: [], points: 0, rank: 0, oldWarnings: [], newWarnings: [], changed: false),
                        sample: .line(0))
        }
        let change = RuleChange(change: .changed, kind: .achievement, id: "focus_10_hours", keys: ["when"],
                                file: "rules/\" onerror=\"x.yaml", line: 18)
        let diff = RuleSetDiff(changes: [change], effects: effects, awardOrder: ["focus_10_hours"])
        return RuleDiffReport(entries: [RuleDiffReport.Entry(name: nil, diff: diff)], measured: true)
    }

    @Test func cardsCarryTheCounts() {
        let html = RuleDiffHTMLRenderer().render(Self.report())
        #expect(html.contains("data-award=\"focus_10_hours\" data-gained=\"2\" data-lost=\"0\" data-earlier=\"0\" data-later=\"1\""))
        #expect(html.contains("data-change=\"changed\" data-kind=\"achievement\" data-id=\"focus_10_hours\""))
        #expect(html.components(separatedBy: "<svg").count == 2)
        #expect(html.contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;, line 4"))
        #expect(html.components(separatedBy: "<script").count == 2, "only the page's own script")
        #expect(!html.contains("\" onerror="))
        #expect(!html.lowercased().contains("http://") && !html.lowercased().contains("https://"))
    }
}
