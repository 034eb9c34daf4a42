import Evaluation
import RuleModel

/// Points and rank: the points, the rank's title, and the distance to the next rank as a
/// figure and a bar from the rank's threshold to the next one's.
package struct StandingSection: DecisionPageSection {
    let titles: [String: String]
    /// `min_points` by rank id.
    let thresholds: [String: Int]

    package init(rules: RuleSet) {
        titles = PageText.titles(of: rules)
        thresholds = Dictionary(rules.ranks.map { ($0.id, $0.minPoints) }, uniquingKeysWith: { first, _ in first })
    }

    package func write(_ page: DecisionPage, to html: inout HTMLWriter) {
        let decision = page.decision
        html.open("section", [("aria-labelledby", "standing"), ("data-points", String(decision.points)),
                              ("data-rank", decision.rank?.id)])
        html.element("h2", [("id", "standing")], text: decision.rank == nil ? "Points" : "Points and rank")
        html.open("dl", [("class", "figures")])
        figure("Points", String(decision.points), to: &html)
        if let rank = decision.rank {
            html.element("div") { html in
                html.element("dt", text: "Rank")
                html.element("dd") { PageText.writeName(rank.id, title: rank.title, to: &$0) }
            }
            if let next = rank.next {
                html.element("div") { html in
                    html.element("dt", text: "Next rank")
                    html.element("dd") { PageText.writeName(next.id, title: titles[next.id], to: &$0) }
                }
                figure("To go", "\(next.minPoints - decision.points) points (at \(next.minPoints))", to: &html)
            } else {
                figure("Next rank", "top rank reached", to: &html)
            }
        }
        html.close("dl")
        if let rank = decision.rank, let next = rank.next {
            let floor = thresholds[rank.id] ?? 0
            let span = Swift.max(1, next.minPoints - floor)
            let fraction = Double(decision.points - floor) / Double(span)
            html.element("div", [("class", "bar"), ("role", "progressbar"), ("aria-label", "progress to the next rank"),
                                 ("aria-valuemin", String(floor)), ("aria-valuemax", String(next.minPoints)),
                                 ("aria-valuenow", String(decision.points))]) { html in
                html.element("span", [("style", "width:" + PageText.percent(fraction))], text: "")
            }
        }
        html.close("section")
    }

    private func figure(_ name: String, _ value: String, to html: inout HTMLWriter) {
        html.element("div") { html in
            html.element("dt", text: name)
            html.element("dd", text: value)
        }
    }
}
