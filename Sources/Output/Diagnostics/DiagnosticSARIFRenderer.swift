import Diagnostics
import JSON
import Rules

/// `--format sarif`: a SARIF 2.1.0 log with one run, rule metadata for every code that occurs
/// (so code scanning can show it), and one result per diagnostic.
package struct DiagnosticSARIFRenderer: Renderer {
    package static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// Where each code is documented; anchors are the lowercased codes.
    package static let helpDocument = "docs/diagnostics.md"
    /// The YAML layer's codes (`E1xx`) have their own page.
    package static let yamlHelpDocument = "docs/diagnostics-yaml.md"

    static func helpURI(_ code: String) -> String {
        code.hasPrefix("E1") && code.count == 4 ? yamlHelpDocument : "\(helpDocument)#\(code.lowercased())"
    }

    /// When given, the workspace rule set of each diagnostic (same order), which each result
    /// carries as `properties.ruleset`.
    package var ruleSets: [String?]?

    package init(ruleSets: [String?]? = nil) {
        self.ruleSets = ruleSets
    }

    package func render(_ diagnostics: [Diagnostic]) -> String {
        var codes: [String] = []
        for d in diagnostics where !codes.contains(d.code) { codes.append(d.code) }
        codes.sort()
        let rules = codes.map { code -> JSONValue in
            let first = diagnostics.first { $0.code == code }
            let summary = RuleCode.summaries[code] ?? first?.message ?? code
            return .object(JSONObject([
                ("id", .string(code)),
                ("shortDescription", .object(JSONObject([("text", .string(summary))]))),
                ("helpUri", .string(Self.helpURI(code))),
                ("defaultConfiguration", .object(JSONObject([("level", .string(Self.level(first?.severity ?? .error)))]))),
            ]))
        }
        let results = diagnostics.enumerated().map { index, d -> JSONValue in
            var text = d.message
            if let fix = d.fix { text += "\nhelp: \(fix)" }
            var result = JSONObject([
                ("ruleId", .string(d.code)),
                ("ruleIndex", .int(Int64(codes.firstIndex(of: d.code) ?? 0))),
                ("level", .string(Self.level(d.severity))),
                ("message", .object(JSONObject([("text", .string(text))]))),
            ])
            if let span = d.span { result["locations"] = .array([Self.location(span)]) }
            let related = d.notes.compactMap { note in note.span.map { Self.location($0, message: note.message) } }
            if !related.isEmpty { result["relatedLocations"] = .array(related) }
            if let ruleSets, index < ruleSets.count, let name = ruleSets[index] {
                result["properties"] = .object(JSONObject([("ruleset", .string(name))]))
            }
            return .object(result)
        }
        let driver = JSONObject([
            ("name", .string("rulecheck")),
            ("version", .string(RulecheckVersion.tool)),
            ("semanticVersion", .string(RulecheckVersion.tool)),
            ("informationUri", .string(Self.helpDocument)),
            ("rules", .array(rules)),
        ])
        let run = JSONObject([
            ("tool", .object(JSONObject([("driver", .object(driver))]))),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(results)),
        ])
        let log = JSONObject([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ])
        return JSONWriter.write(.object(log), layout: .compact) + "\n"
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private static func location(_ span: SourceSpan, message: String? = nil) -> JSONValue {
        // A zero-width span still marks one character, so viewers can highlight it.
        var end = span.end
        if end <= span.start { end = SourcePosition(line: span.start.line, column: span.start.column + 1) }
        let region = JSONObject([
            ("startLine", .int(Int64(span.start.line))), ("startColumn", .int(Int64(span.start.column))),
            ("endLine", .int(Int64(end.line))), ("endColumn", .int(Int64(end.column))),
        ])
        let physical = JSONObject([
            ("artifactLocation", .object(JSONObject([("uri", .string(uri(span.file)))]))),
            ("region", .object(region)),
        ])
        var location = JSONObject([("physicalLocation", .object(physical))])
        if let message { location["message"] = .object(JSONObject([("text", .string(message))])) }
        return .object(location)
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
}
