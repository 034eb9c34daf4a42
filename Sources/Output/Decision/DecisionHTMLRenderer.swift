import Evaluation
import RuleModel

/// `eval --format html` (docs/pages.md): the decision as one self-contained page for a person,
/// deterministic to the byte. A header with the user and the moment, rules that could not be
/// judged, then one `DecisionPageSection` per part of the decision.
package struct DecisionHTMLRenderer: Renderer {
    let sections: [any DecisionPageSection]

    /// `rules`: the rule set in the locale to show (`RuleSet.localized(to:)`).
    package init(rules: RuleSet) {
        sections = [
            StandingSection(rules: rules),
            MetricsSection(),
            NewUnlocksSection(rules: rules),
            UpcomingSection(rules: rules),
            AwardCardsSection(rules: rules,
                              categoryNames: Dictionary(rules.categories.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })),
            StreakCalendarSection(rules: rules),
            WarningsSection(),
        ]
    }

    package func render(_ page: DecisionPage) -> String {
        let decision = page.decision
        let days = page.calendars.reduce(0) { $0 + $1.days.count }
        return HTMLPage.document(title: "\(decision.user): achievements", capacity: 8_192 + 600 * decision.achievements.count + 160 * days) { html in
            html.open("header")
            html.element("h1") { html in
                html.text("Achievements of ")
                html.element("span", [("data-user", decision.user)], text: decision.user)
            }
            html.element("p", [("class", "muted")]) { html in
                html.text("As of ")
                html.element("time", [("datetime", decision.now.description)], text: decision.now.description)
            }
            html.close("header")
            html.raw("\n<main>\n")
            writeRuleErrors(decision.warnings, to: &html)
            for section in sections {
                section.write(page, to: &html)
                html.raw("\n")
            }
            html.raw("</main>\n<footer>Made by rulecheck from the rules and the user's state file; ")
            html.raw("the same decision as <code>rulecheck eval --format json</code>.</footer>")
        }
    }

    /// Rules that could not be judged, first: the page is wrong until they are fixed.
    private func writeRuleErrors(_ warnings: [EvaluationWarning], to html: inout HTMLWriter) {
        let errors = warnings.filter(DecisionTextRenderer.isRuleError)
        guard !errors.isEmpty else { return }
        html.open("div", [("class", "alert"), ("role", "alert")])
        html.element("strong", text: PageText.count(errors.count, "rule", "rules")
                     + " could not be judged and count as not holding; fix the rules:")
        html.open("ul")
        for warning in errors {
            html.element("li") { html in
                html.element("code", text: warning.code)
                html.text(": " + warning.message)
            }
        }
        html.close("ul")
        html.close("div")
    }
}
