import Evaluation
import JSON

/// The metrics marked `show: true` with their values at `now` (`data-metric="ID"`); a metric
/// that could not be evaluated shows "could not be evaluated" (its `rule_error` is at the top).
package struct MetricsSection: DecisionPageSection {
    package init() {}

    package func write(_ page: DecisionPage, to html: inout HTMLWriter) {
        let metrics = page.decision.metrics
        guard !metrics.isEmpty else { return }
        html.openSection(id: "metrics", heading: "Metrics")
        PageText.openTable(&html)
        html.raw("<thead><tr><th scope=\"col\">Metric</th><th scope=\"col\">Value at now</th></tr></thead><tbody>")
        for metric in metrics {
            html.element("tr", [("data-metric", metric.id)]) { html in
                html.element("th", [("scope", "row")]) { $0.element("code", text: metric.id) }
                html.element("td", [("class", "wrap")]) { Self.write(metric.value, to: &$0) }
            }
        }
        html.raw("</tbody>")
        PageText.closeTable(&html)
        html.close("section")
    }

    /// A list of records (`past_weeks`) as a table with a column per key of its first record;
    /// any other value as `text`.
    static func write(_ value: JSONValue, to html: inout HTMLWriter) {
        guard case .array(let items) = value, case .object(let first)? = items.first,
              items.allSatisfy({ if case .object = $0 { true } else { false } }) else {
            html.text(text(value))
            return
        }
        PageText.openTable(&html)
        html.raw("<thead><tr>")
        for key in first.keys { html.element("th", [("scope", "col")], text: key) }
        html.raw("</tr></thead><tbody>")
        for case .object(let record) in items {
            html.raw("<tr>")
            for key in first.keys { html.element("td", text: record[key].map(text) ?? "") }
            html.raw("</tr>")
        }
        html.raw("</tbody>")
        PageText.closeTable(&html)
    }

    /// A string as it is, `null` in words, anything else as JSON on one line.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .null: "could not be evaluated"
        default: JSONWriter.write(value, layout: .compact)
        }
    }
}
