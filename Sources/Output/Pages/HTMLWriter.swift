/// HTML written piece by piece, with escaping in one place: every text and attribute value is
/// escaped here, and only compile-time constants (`StaticString`: tag and attribute names, the
/// page's own styles and script) go out as written. A title, id or user id holding `<script>` or
/// `" onerror=` is shown as text and runs nothing.
package struct HTMLWriter: Sendable {
    package private(set) var html = ""

    package init(reservingCapacity capacity: Int = 0) {
        html.reserveCapacity(capacity)
    }

    /// Markup that is part of the program (never data).
    package mutating func raw(_ markup: StaticString) {
        html += markup.description
    }

    /// `<tag a="v" …>`, each value escaped; a `nil` value leaves its attribute out.
    package mutating func open(_ tag: StaticString, _ attributes: [(StaticString, String?)] = []) {
        html += "<"
        html += tag.description
        for (name, value) in attributes {
            guard let value else { continue }
            html += " "
            html += name.description
            html += "=\""
            Self.escape(value, into: &html)
            html += "\""
        }
        html += ">"
    }

    /// `<section aria-labelledby="id"><h2 id="id">heading</h2>`: a page part a screen reader
    /// names by its heading. Closed with `close("section")`.
    package mutating func openSection(id: String, heading: String) {
        open("section", [("aria-labelledby", id)])
        element("h2", [("id", id)], text: heading)
    }

    package mutating func close(_ tag: StaticString) {
        html += "</"
        html += tag.description
        html += ">"
    }

    /// Text content, escaped.
    package mutating func text(_ text: String) {
        Self.escape(text, into: &html)
    }

    /// `<tag …>text</tag>`.
    package mutating func element(_ tag: StaticString, _ attributes: [(StaticString, String?)] = [], text: String) {
        open(tag, attributes)
        self.text(text)
        close(tag)
    }

    /// `<tag …>…</tag>` around what `body` writes.
    package mutating func element(_ tag: StaticString, _ attributes: [(StaticString, String?)] = [],
                                  _ body: (inout HTMLWriter) -> Void) {
        open(tag, attributes)
        body(&self)
        close(tag)
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` as character references: safe in text and in a
    /// quoted attribute value alike.
    package static func escaped(_ text: String) -> String {
        var result = ""
        escape(text, into: &result)
        return result
    }

    private static func escape(_ text: String, into html: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": html += "&amp;"
            case "<": html += "&lt;"
            case ">": html += "&gt;"
            case "\"": html += "&quot;"
            case "'": html += "&#39;"
            case "\u{0}": html += "\u{FFFD}"
            default: html.unicodeScalars.append(scalar)
            }
        }
    }
}
