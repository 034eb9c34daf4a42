import Diagnostics
import Foundation
import Output
import Testing

@Suite struct DiagnosticJSONRendererTests {
    @Test func keysAndCounts() throws {
        let text = DiagnosticRenderer.render(DiagnosticSamples.all, format: .json, fileCount: 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["errors"] as? Int == 2)
        #expect(object["warnings"] as? Int == 1)
        let items = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(items.count == 3)
        for key in ["file", "line", "column", "end_line", "end_column", "severity", "code", "message"] {
            #expect(items.allSatisfy { $0[key] != nil }, "missing \(key)")
        }
        let first = items[0]
        #expect(first["file"] as? String == "rules/a.yaml")
        #expect(first["line"] as? Int == 3)
        #expect(first["column"] as? Int == 9)
        #expect(first["end_column"] as? Int == 23)
        #expect(first["severity"] as? String == "error")
        #expect(first["code"] as? String == "E401")
        let notes = try #require(first["notes"] as? [[String: Any]])
        #expect(notes.first?["line"] as? Int == 3)
        #expect(items[2]["severity"] as? String == "warning")
    }

    @Test func escapesQuotesAndControlCharacters() throws {
        let d = Diagnostic.error("E300", "a \"quoted\" \\ word\nand a\ttab \u{01}", at: .file("x.yaml"))
        let text = DiagnosticJSONRenderer().render([d])
        #expect(text.contains(#""a \"quoted\" \\ word\nand a\ttab \u0001""#))
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let message = (object?["diagnostics"] as? [[String: Any]])?.first?["message"] as? String
        #expect(message == d.message)
    }
}
