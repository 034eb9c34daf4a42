import Diagnostics
import Rules

/// `--format sarif`: a SARIF 2.1.0 log with one run, rule metadata for every code that occurs
/// (so code scanning can show it), and one result per diagnostic.
public enum DiagnosticSARIFRenderer {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// Where each code is documented; anchors are the lowercased codes.
    public static let helpDocument = "docs/diagnostics.md"
    /// The YAML layer's codes (`E1xx`) have their own page.
    public static let yamlHelpDocument = "docs/diagnostics-yaml.md"

    static func helpURI(_ code: String) -> String {
        code.hasPrefix("E1") && code.count == 4 ? yamlHelpDocument : "\(helpDocument)#\(code.lowercased())"
    }

    public static func render(_ diagnostics: [Diagnostic]) -> String {
        var codes: [String] = []
        for d in diagnostics where !codes.contains(d.code) { codes.append(d.code) }
        codes.sort()
        let rules = codes.map { code -> String in
            let summary = RuleCode.summaries[code] ?? diagnostics.first { $0.code == code }?.message ?? code
            return """
                {"id":\(q(code)),"shortDescription":{"text":\(q(summary))},\
                "helpUri":\(q(helpURI(code))),\
                "defaultConfiguration":{"level":\(q(level(diagnostics.first { $0.code == code }?.severity ?? .error)))}}
                """
        }
        let results = diagnostics.map { d -> String in
            var text = d.message
            if let fix = d.fix { text += "\nhelp: \(fix)" }
            var fields = [
                "\"ruleId\":\(q(d.code))",
                "\"ruleIndex\":\(codes.firstIndex(of: d.code) ?? 0)",
                "\"level\":\(q(level(d.severity)))",
                "\"message\":{\"text\":\(q(text))}",
            ]
            if let span = d.span { fields.append("\"locations\":[\(location(span))]") }
            let related = d.notes.compactMap { note -> String? in
                guard let span = note.span else { return nil }
                return location(span, message: note.message)
            }
            if !related.isEmpty { fields.append("\"relatedLocations\":[\(related.joined(separator: ","))]") }
            return "{" + fields.joined(separator: ",") + "}"
        }
        return """
            {"$schema":\(q(schemaURI)),"version":"2.1.0","runs":[{"tool":{"driver":{"name":"rulecheck",\
            "informationUri":\(q(helpDocument)),"rules":[\(rules.joined(separator: ","))]}},\
            "columnKind":"unicodeCodePoints","results":[\(results.joined(separator: ","))]}]}

            """
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private static func location(_ span: SourceSpan, message: String? = nil) -> String {
        // A zero-width span still marks one character, so viewers can highlight it.
        var end = span.end
        if end <= span.start { end = SourcePosition(line: span.start.line, column: span.start.column + 1) }
        let region = "{\"startLine\":\(span.start.line),\"startColumn\":\(span.start.column),"
            + "\"endLine\":\(end.line),\"endColumn\":\(end.column)}"
        var text = "{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\(q(uri(span.file)))},\"region\":\(region)}"
        if let message { text += ",\"message\":{\"text\":\(q(message))}" }
        return text + "}"
    }

    /// A relative URI reference for a path: `/` kept, everything outside RFC 3986's unreserved
    /// characters percent-encoded (UTF-8).
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if c.isASCII, c.isLetter || c.isNumber || "-._~/".contains(c) {
                out.append(c)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    private static func q(_ text: String) -> String { DiagnosticJSONRenderer.quote(text) }
}
