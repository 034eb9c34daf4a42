import Evaluation
import Facts
import RuleModel

/// How the pages write numbers, moments and names, the same on every page.
package enum PageText {
    /// `2026-01-20 21:40` from a moment's RFC 3339 text (the offset stays in `datetime`).
    static func shortTime(_ moment: Moment) -> String {
        let text = moment.description
        guard text.count >= 16 else { return text }
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }

    /// A progress figure: whole doubles without their `.0`.
    static func number(_ value: ProgressNumber) -> String {
        DecisionTextRenderer.text(value)
    }

    /// A fraction 0…1 as a CSS width percentage with one decimal (`37.5%`).
    static func percent(_ fraction: Double) -> String {
        let tenths = Int((Swift.min(1, Swift.max(0, fraction)) * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// `n thing` or `n things`.
    static func count(_ n: Int, _ singular: String, _ plural: String) -> String {
        "\(n) \(n == 1 ? singular : plural)"
    }

    /// Titles (in the rule set's locale) of achievements, milestones, streaks and ranks by id.
    static func titles(of rules: RuleSet) -> [String: String] {
        DecisionTextRenderer.titles(of: rules)
    }

    /// `<h… >title <span class="id">id</span></h…>` content: the title, then the id when it differs.
    static func writeName(_ id: String, title: String?, to html: inout HTMLWriter) {
        html.text(title ?? id)
        if let title, title != id {
            html.raw(" ")
            html.element("span", [("class", "id")], text: id)
        }
    }

    /// A table of `class="plain"` inside a box that scrolls sideways when the table is wider than
    /// a phone's screen (a wide column keeps a readable width instead of a letter per line).
    static func openTable(_ html: inout HTMLWriter) {
        html.raw("<div class=\"scroll\"><table class=\"plain\">")
    }

    static func closeTable(_ html: inout HTMLWriter) {
        html.raw("</table></div>")
    }
}
