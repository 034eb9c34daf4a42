import Evaluation
import RuleModel

/// The unlocks this evaluation decided (not the stored ones), in time order: what the user just
/// earned. Nothing when there are none.
package struct NewUnlocksSection: DecisionPageSection {
    let titles: [String: String]

    package init(rules: RuleSet) {
        titles = PageText.titles(of: rules)
    }

    package func write(_ page: DecisionPage, to html: inout HTMLWriter) {
        let unlocks = page.decision.unlocks
        guard !unlocks.isEmpty else { return }
        html.openSection(id: "new-unlocks", heading: "New unlocks (\(unlocks.count))")
        html.open("ol")
        for unlock in unlocks {
            html.element("li", [("data-unlock", unlock.id)]) { html in
                html.element("strong") { PageText.writeName(unlock.id, title: titles[unlock.id], to: &$0) }
                html.raw(" — ")
                html.element("time", [("datetime", unlock.at.description)], text: PageText.shortTime(unlock.at))
                if unlock.points != 0 { html.text(" · +\(unlock.points) points") }
                if let version = unlock.catalogVersion { html.text(" · catalog version \(version)") }
            }
        }
        html.close("ol")
        html.close("section")
    }
}
