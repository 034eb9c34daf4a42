import Diagnostics

/// `--format json`: `{"diagnostics":[…],"errors":N,"warnings":N}` (SPEC 7.1), keys in a fixed
/// order, one line, newline-terminated.
public enum DiagnosticJSONRenderer {
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        let items = diagnostics.map { d -> String in
            var fields = [
                "\"file\":\(d.span.map { quote($0.file) } ?? "null")",
                "\"line\":\(d.span.map { String($0.start.line) } ?? "null")",
                "\"column\":\(d.span.map { String($0.start.column) } ?? "null")",
                "\"end_line\":\(d.span.map { String($0.end.line) } ?? "null")",
                "\"end_column\":\(d.span.map { String($0.end.column) } ?? "null")",
                "\"severity\":\(quote(d.severity.rawValue))",
                "\"code\":\(quote(d.code))",
                "\"message\":\(quote(d.message))",
            ]
            if !d.notes.isEmpty {
                let notes = d.notes.map { note -> String in
                    var parts = ["\"message\":\(quote(note.message))"]
                    if let span = note.span {
                        parts += ["\"file\":\(quote(span.file))", "\"line\":\(span.start.line)", "\"column\":\(span.start.column)"]
                    }
                    return "{" + parts.joined(separator: ",") + "}"
                }
                fields.append("\"notes\":[\(notes.joined(separator: ","))]")
            }
            if let fix = d.fix { fields.append("\"help\":\(quote(fix))") }
            return "{" + fields.joined(separator: ",") + "}"
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        return "{\"diagnostics\":[\(items.joined(separator: ","))],\"errors\":\(errors),\"warnings\":\(warnings)}\n"
    }

    /// A JSON string literal (RFC 8259): quotes, backslashes and control characters escaped.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
