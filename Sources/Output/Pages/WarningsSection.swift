import Evaluation

/// The decision's warnings, each with its code (docs/warnings.md) and the event it concerns.
/// Rules that could not be judged are also named at the top of the page (`DecisionHTMLRenderer`).
package struct WarningsSection: DecisionPageSection {
    package init() {}

    package func write(_ page: DecisionPage, to html: inout HTMLWriter) {
        let warnings = page.decision.warnings
        guard !warnings.isEmpty else { return }
        html.openSection(id: "warnings", heading: "Warnings (\(warnings.count))")
        html.open("ul")
        for warning in warnings {
            html.element("li", [("data-warning", warning.code)]) { html in
                html.element("code", text: warning.code)
                html.text(": " + warning.message)
                if let path = warning.path {
                    html.text(" (\(path))")
                } else if let event = warning.event {
                    html.text(" (events[\(event)])")
                }
            }
        }
        html.close("ul")
        html.close("section")
    }
}
