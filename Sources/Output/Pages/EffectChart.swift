import RuleDiff

/// One award's effects as a small inline-SVG bar chart: a row per kind of effect, its bar the
/// share of the states it holds for, its count written beside it (the chart is an image for a
/// screen reader, labelled with the same counts in words).
struct EffectChart {
    let effects: AwardEffects
    let states: Int

    static let words: [EffectKind: String] = [
        .gained: "gained", .lost: "lost", .earlier: "earlier", .later: "later", .timesChanged: "times changed",
    ]
    /// Each kind's bar colour; the kind is also written at the start of its row.
    static let fills: [EffectKind: String] = [
        .gained: "var(--ok)", .lost: "var(--bad)", .earlier: "var(--accent)", .later: "var(--expired)",
        .timesChanged: "var(--pending)",
    ]

    func write(to html: inout HTMLWriter) {
        let kinds = EffectKind.allCases
        let rowHeight = 20, labelWidth = 104, barWidth = 150, width = 300
        let height = rowHeight * kinds.count + 4
        let label = kinds.map { "\(Self.words[$0] ?? $0.rawValue) \(effects.count($0))" }.joined(separator: ", ")
        html.open("svg", [("viewBox", "0 0 \(width) \(height)"),
                          ("width", String(width)), ("height", String(height)), ("role", "img"),
                          ("aria-label", "of \(states) states: " + label), ("class", "chart")])
        for (row, kind) in kinds.enumerated() {
            let count = effects.count(kind)
            let y = row * rowHeight + 2
            let length = states > 0 ? max(count > 0 ? 2 : 0, barWidth * count / states) : 0
            html.element("text", [("x", "0"), ("y", String(y + 14)), ("class", "chart-label")], text: Self.words[kind] ?? kind.rawValue)
            html.element("rect", [("x", String(labelWidth)), ("y", String(y + 3)), ("width", String(barWidth)),
                                  ("height", "12"), ("class", "chart-track")], text: "")
            html.element("rect", [("x", String(labelWidth)), ("y", String(y + 3)), ("width", String(length)),
                                  ("height", "12"), ("data-kind", kind.rawValue), ("style", "fill:" + (Self.fills[kind] ?? "currentColor"))],
                         text: "")
            html.element("text", [("x", String(labelWidth + barWidth + 6)), ("y", String(y + 14)), ("class", "chart-count")],
                         text: String(count))
        }
        html.close("svg")
    }
}
