import Evaluation
import RuleModel

/// `explain --format html` (docs/pages.md): one award's explanation as a self-contained page.
/// Its state, when and by which events it unlocked, its condition as a tree with the value of
/// every part at `now` (a mark and a word for true and false, not a colour alone), what is
/// still missing, its `requires` and `available` window.
package struct ExplanationHTMLRenderer: Renderer {
    let titles: [String: String]

    /// `rules`: the rule set in the locale to show.
    package init(rules: RuleSet) {
        titles = PageText.titles(of: rules)
    }

    package func render(_ explanation: Explanation) -> String {
        let info = explanation.info
        let standing = explanation.standing
        return HTMLPage.document(title: "\(info.title): why it is \(standing.state.rawValue)") { html in
            html.open("header")
            html.element("h1") { PageText.writeName(info.id, title: info.title, to: &$0) }
            html.element("p", [("class", "state-line"), ("data-award", info.id), ("data-state", standing.state.rawValue)]) { html in
                html.element("strong", text: standing.state == .unlocked ? "\u{2713} Unlocked" : "\u{25CB} Locked")
                html.text(" as of ")
                html.element("time", [("datetime", explanation.now.description)], text: explanation.now.description)
            }
            html.close("header")
            html.raw("\n<main>\n")
            writeAbout(explanation, to: &html)
            if let unlock = explanation.unlock { writeUnlock(unlock, to: &html) }
            writeCriterion(explanation, to: &html)
            writeMissing(explanation, to: &html)
            writeGates(explanation, to: &html)
            html.raw("</main>\n<footer>Made by rulecheck: the same explanation as <code>rulecheck explain</code>.</footer>")
        }
    }

    private func writeAbout(_ explanation: Explanation, to html: inout HTMLWriter) {
        let info = explanation.info
        let standing = explanation.standing
        html.openSection(id: "about", heading: "About")
        if let description = info.description { html.element("p", text: description) }
        html.open("dl", [("class", "figures")])
        html.element("div") { html in
            html.element("dt", text: "Category")
            html.element("dd") { PageText.writeName(info.category, title: explanation.categoryTitle, to: &$0) }
        }
        figure("Rarity", info.rarity.rawValue, to: &html)
        figure("Points", String(info.points), to: &html)
        let progress = PageText.number(standing.progress.current) + " of " + PageText.number(standing.progress.target)
        figure("Progress", progress, to: &html)
        if info.hidden { figure("Hidden", "until unlocked", to: &html) }
        if info.repeatable { figure("Repeatable", PageText.count(standing.times ?? 0, "time", "times") + " so far", to: &html) }
        if let version = standing.catalogVersion { figure("Catalog version", String(version), to: &html) }
        if let added = standing.newLevels { figure("New levels since", String(added), to: &html) }
        html.close("dl")
        html.element("div", [("class", "bar"), ("role", "progressbar"), ("aria-label", "progress"), ("aria-valuetext", progress)]) {
            $0.element("span", [("style", "width:" + PageText.percent(standing.progress.fraction))], text: "")
        }
        html.close("section")
    }

    private func writeUnlock(_ unlock: ExplanationUnlock, to html: inout HTMLWriter) {
        html.openSection(id: "unlock", heading: "How it unlocked")
        html.element("p") { html in
            html.text("Unlocked at ")
            html.element("time", [("datetime", unlock.at.description)], text: unlock.at.description)
            if let version = unlock.catalogVersion { html.text(" (catalog version \(version))") }
            if unlock.isStored {
                html.text(", stored in the state file.")
            } else if unlock.events.isEmpty {
                html.text(" by the passing of time: " + ExplanationTextRenderer.checkpointText(unlock.checkpoint) + ".")
            } else {
                html.text(unlock.events.count == 1 ? " by this event:" : " by these events:")
            }
        }
        if !unlock.isStored && !unlock.events.isEmpty {
            PageText.openTable(&html)
            html.raw("<thead><tr><th scope=\"col\">Event</th><th scope=\"col\">Type</th><th scope=\"col\">At</th></tr></thead><tbody>")
            for event in unlock.events {
                html.element("tr", [("data-event", String(event.index))]) { html in
                    html.element("td") { $0.element("code", text: "events[\(event.index)]") }
                    html.element("td", [("class", "wrap")], text: event.type)
                    html.element("td", [("class", "wrap")]) {
                        $0.element("time", [("datetime", event.at.description)], text: event.at.description)
                    }
                }
            }
            html.raw("</tbody>")
            PageText.closeTable(&html)
        }
        html.close("section")
    }

    private func writeCriterion(_ explanation: Explanation, to html: inout HTMLWriter) {
        html.open("section", [("aria-labelledby", "criterion")])
        switch explanation.criterion {
        case .condition(let source, let value, let terms):
            html.element("h2", [("id", "criterion")], text: "The condition, part by part, at now")
            html.element("p") { html in
                html.element("code", text: source)
                html.text(" is ")
                Self.writeValue(value, to: &html)
            }
            if explanation.unlock != nil, value != "true" {
                html.element("p", [("class", "muted")], text: "It held when the award unlocked; unlocks are never revoked.")
            }
            writeTree(terms, to: &html)
            writeElements(explanation.elements, to: &html)
        case .milestone(let streak, let days, let current, let status):
            html.element("h2", [("id", "criterion")], text: "The milestone")
            html.element("p") { html in
                html.text("Streak ")
                PageText.writeName(streak, title: titles[streak], to: &html)
                html.text(" reaches \(days) days: now \(current) (status \(status)) ")
                Self.writeValue(current >= days ? "true" : "false", to: &html)
            }
        case .module(let module, let done, let missing):
            html.element("h2", [("id", "criterion")], text: "Every level of the module")
            var scope = "\(module.catalog)/\(module.module)"
            if let difficulty = module.difficulty, difficulty != "any" { scope += " on \(difficulty)" }
            let which = module.levels == .all ? "Every released level" : "Every counted, released level"
            html.element("p", text: which + (module.release.map { " of release \($0)" } ?? "") + " of " + scope)
            html.element("p", text: "Done (\(done.count)): " + (done.isEmpty ? "none" : done.joined(separator: ", ")))
            html.element("p", text: "Missing (\(missing.count)): " + (missing.isEmpty ? "none" : missing.joined(separator: ", ")))
        }
        html.close("section")
    }

    /// The terms (outermost first, each followed by its own parts, `depth` below the whole
    /// condition) as nested lists.
    /// The element that decides each `exists` and `all`, with its predicate's parts.
    private func writeElements(_ elements: [ExplanationElement], to html: inout HTMLWriter) {
        for element in elements {
            html.element("p", [("class", "element"), ("data-role", element.role.rawValue)]) { html in
                html.element("code", text: element.macro)
                html.text(": ")
                html.element("code", text: element.element)
                html.text(" " + element.role.rawValue)
                if !element.failing.isEmpty {
                    html.text("; not true for it: ")
                    html.element("code", text: element.failing.joined(separator: ", "))
                }
            }
            writeTree(element.terms, to: &html)
        }
    }

    private func writeTree(_ terms: [ExplanationTerm], to html: inout HTMLWriter) {
        guard let base = terms.map(\.depth).min() else { return }
        html.open("ul", [("class", "tree")])
        var depth = base
        for (index, term) in terms.enumerated() {
            if index > 0 {
                if term.depth > depth {
                    for _ in depth..<term.depth { html.raw("<ul>") }
                } else {
                    html.raw("</li>")
                    for _ in term.depth..<depth { html.raw("</ul></li>") }
                }
            }
            depth = term.depth
            html.open("li", [("data-term-value", Self.kind(term.value))])
            html.element("span", [("class", "term")]) { html in
                Self.writeValue(term.value, to: &html)
                html.element("code", text: term.source)
            }
        }
        html.raw("</li>")
        for _ in base..<depth { html.raw("</ul></li>") }
        html.close("ul")
    }

    private func writeMissing(_ explanation: Explanation, to html: inout HTMLWriter) {
        guard !explanation.missing.isEmpty else { return }
        html.openSection(id: "missing", heading: "What is missing")
        html.open("ul")
        for line in explanation.missing { html.element("li", text: line) }
        html.close("ul")
        html.close("section")
    }

    private func writeGates(_ explanation: Explanation, to html: inout HTMLWriter) {
        guard !explanation.requires.isEmpty || explanation.available != nil else { return }
        html.openSection(id: "gates", heading: "Requires and availability")
        if !explanation.requires.isEmpty {
            html.open("ul")
            for requirement in explanation.requires {
                html.element("li", [("data-requires", requirement.id), ("data-state", requirement.unlocked ? "unlocked" : "locked")]) { html in
                    html.text(requirement.unlocked ? "\u{2713} unlocked: " : "\u{25CB} locked: ")
                    PageText.writeName(requirement.id, title: titles[requirement.id], to: &html)
                }
            }
            html.close("ul")
        }
        if let window = explanation.available {
            let offset = explanation.now.offsetSeconds
            var parts: [String] = []
            if let from = window.from { parts.append("from " + from.rfc3339(offsetSeconds: offset)) }
            if let until = window.until { parts.append("until " + until.rfc3339(offsetSeconds: offset)) }
            html.element("p", text: "Available " + parts.joined(separator: " ")
                         + (explanation.isAvailableNow ? " (open now)" : " (closed now)"))
        }
        html.close("section")
    }

    /// `true`, `false`, a part `&&`, `||` or `?:` skipped, or any other value.
    static func kind(_ value: String) -> String {
        switch value {
        case "true": "true"
        case "false": "false"
        case "not evaluated": "skipped"
        default: "other"
        }
    }

    /// The value with a mark and a word: ✓ true, ✗ false, – not evaluated, = other values.
    static func writeValue(_ value: String, to html: inout HTMLWriter) {
        let kind = kind(value)
        let mark = switch kind {
        case "true": "\u{2713} "
        case "false": "\u{2717} "
        case "skipped": "\u{2013} "
        default: "= "
        }
        html.element("span", [("class", "value"), ("data-value", kind)], text: mark + value)
    }

    private func figure(_ name: String, _ value: String, to html: inout HTMLWriter) {
        html.element("div") { html in
            html.element("dt", text: name)
            html.element("dd", text: value)
        }
    }
}
