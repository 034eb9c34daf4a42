@testable import Output
import Testing

/// Escaping in one place (`HTMLWriter`): what comes from rules or states is text, never markup.
struct HTMLWriterTests {
    @Test("text is escaped", arguments: [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("\" onerror=\"alert(1)", "&quot; onerror=&quot;alert(1)"),
        ("' onmouseover='x'", "&#39; onmouseover=&#39;x&#39;"),
        ("Tom & Jerry", "Tom &amp; Jerry"),
        ("&lt; stays text", "&amp;lt; stays text"),
        ("a\u{0}b", "a\u{FFFD}b"),
        ("专注 🎯 e\u{301}", "专注 🎯 e\u{301}"),
        ("<\u{338}", "&lt;\u{338}"),
    ])
    func escaped(input: String, expected: String) {
        #expect(HTMLWriter.escaped(input) == expected)
        var html = HTMLWriter()
        html.element("p", [("title", input), ("data-x", nil)], text: input)
        #expect(html.html == "<p title=\"\(expected)\">\(expected)</p>")
    }

    @Test func elementsNest() {
        var html = HTMLWriter()
        html.element("ul", [("class", "a")]) { html in
            html.element("li", text: "1")
            html.raw("<li>2</li>")
        }
        #expect(html.html == "<ul class=\"a\"><li>1</li><li>2</li></ul>")
    }
}
