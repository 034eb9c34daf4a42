import RuleDiff

/// `diff --format html` (docs/pages.md): what a rule change does, as one self-contained page.
/// Per rule set, the rule changes as a table, then, over the states given, the effects: a card
/// per award (`data-award` with `data-gained`, `data-lost`, `data-earlier`, `data-later`,
/// `data-times-changed`) holding an inline-SVG bar chart of its counts and its sample users.
package struct RuleDiffHTMLRenderer: Renderer {
    package init() {}

    package func render(_ report: RuleDiffReport) -> String {
        HTMLPage.document(title: "Rule change: what it does") { html in
            html.open("header")
            html.element("h1", text: "What the rule change does")
            let states = report.entries.first?.diff.effects.states ?? 0
            html.element("p", [("class", "muted")], text: report.measured
                         ? "Every user state decided under the old and the new rules: " + PageText.count(states, "state", "states") + "."
                         : "The rule changes only: no user states were given (--states).")
            html.close("header")
            html.raw("\n<main>\n")
            for entry in report.entries { write(entry, measured: report.measured, to: &html) }
            html.raw("</main>\n<footer>Made by rulecheck: the same report as <code>rulecheck diff --format json</code>.</footer>")
        }
    }

    private func write(_ entry: RuleDiffReport.Entry, measured: Bool, to html: inout HTMLWriter) {
        html.open("section", [("data-ruleset", entry.name ?? "")])
        html.element("h2", text: entry.name.map { "Rule set \($0)" } ?? "The rule set")
        writeChanges(entry.diff.changes, to: &html)
        if measured { writeEffects(entry.diff, to: &html) }
        html.close("section")
    }

    private func writeChanges(_ changes: [RuleChange], to html: inout HTMLWriter) {
        html.element("h3", text: "Rule changes (\(changes.count))")
        guard !changes.isEmpty else {
            html.element("p", text: "No rule changes.")
            return
        }
        PageText.openTable(&html)
        html.raw("<thead><tr><th scope=\"col\">Change</th><th scope=\"col\">Kind</th><th scope=\"col\">Id</th>")
        html.raw("<th scope=\"col\">Keys</th><th scope=\"col\">Place</th></tr></thead><tbody>")
        for change in changes {
            let mark = switch change.change {
            case .added: "+ "
            case .removed: "\u{2212} "
            case .changed: "~ "
            }
            html.element("tr", [("data-change", change.change.rawValue), ("data-kind", change.kind.rawValue),
                                ("data-id", change.id)]) { html in
                html.element("td", text: mark + change.change.rawValue)
                html.element("td", text: change.kind.rawValue)
                html.element("td") { $0.element("code", text: change.id) }
                html.element("td", text: change.keys.joined(separator: ", "))
                html.element("td", [("class", "wrap")], text: "\(change.file):\(change.line)" + (change.change == .removed ? " (old version)" : ""))
            }
        }
        html.raw("</tbody>")
        PageText.closeTable(&html)
    }

    private func writeEffects(_ diff: RuleSetDiff, to html: inout HTMLWriter) {
        let effects = diff.effects
        html.element("h3", text: "Effects over " + PageText.count(effects.states, "user state", "user states"))
        html.open("dl", [("class", "figures")])
        figure("States that change", String(effects.changedStates), to: &html)
        figure("Points up / down", "\(effects.pointsUp) / \(effects.pointsDown)", to: &html)
        figure("Rank up / down", "\(effects.ranksUp) / \(effects.ranksDown)", to: &html)
        figure("Lines not decided", String(effects.errors), to: &html)
        html.close("dl")
        if !effects.errorLines.isEmpty {
            html.element("p", text: "Lines that could not be read or decided: "
                         + effects.errorLines.map(String.init).joined(separator: ", "))
        }
        let awards = diff.affectedAwards
        if awards.isEmpty {
            html.element("p", text: "No award changes for any state.")
        } else {
            html.open("ul", [("class", "cards effects")])
            for award in awards { writeAward(award.id, award.effects, states: effects.states, to: &html) }
            html.close("ul")
        }
        writeWarnings(effects.changedWarnings, to: &html)
    }

    private func writeAward(_ id: String, _ effects: AwardEffects, states: Int, to html: inout HTMLWriter) {
        var attributes: [(StaticString, String?)] = [("class", "card"), ("data-award", id)]
        attributes += [("data-gained", String(effects.count(.gained))), ("data-lost", String(effects.count(.lost))),
                       ("data-earlier", String(effects.count(.earlier))), ("data-later", String(effects.count(.later))),
                       ("data-times-changed", String(effects.count(.timesChanged)))]
        html.element("li", attributes) { html in
            html.element("h4") { $0.element("code", text: id) }
            EffectChart(effects: effects, states: states).write(to: &html)
            html.open("ul", [("class", "samples")])
            for kind in EffectKind.allCases where effects.count(kind) > 0 {
                html.element("li", [("data-samples", kind.rawValue)]) { html in
                    html.element("strong", text: EffectChart.words[kind] ?? kind.rawValue)
                    html.text(": " + (effects.samples[kind] ?? []).map(\.description).joined(separator: ", "))
                    if effects.count(kind) > (effects.samples[kind] ?? []).count { html.text(", …") }
                }
            }
            html.close("ul")
        }
    }

    private func writeWarnings(_ warnings: [(code: String, counts: DiffEffects.WarningCounts)], to html: inout HTMLWriter) {
        guard !warnings.isEmpty else { return }
        html.element("h3", text: "Warnings that change")
        PageText.openTable(&html)
        html.raw("<thead><tr><th scope=\"col\">Warning</th><th scope=\"col\">States before</th>")
        html.raw("<th scope=\"col\">States after</th></tr></thead><tbody>")
        for warning in warnings {
            html.element("tr", [("data-warning", warning.code)]) { html in
                html.element("td") { $0.element("code", text: warning.code) }
                html.element("td", text: String(warning.counts.old))
                html.element("td", text: String(warning.counts.new))
            }
        }
        html.raw("</tbody>")
        PageText.closeTable(&html)
    }

    private func figure(_ name: String, _ value: String, to html: inout HTMLWriter) {
        html.element("div") { html in
            html.element("dt", text: name)
            html.element("dd", text: value)
        }
    }
}
