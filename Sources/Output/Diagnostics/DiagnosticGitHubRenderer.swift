import Diagnostics

/// `--format github`: one workflow command per diagnostic, which GitHub Actions turns into an
/// annotation on the file and line (`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::…`).
package struct DiagnosticGitHubRenderer: Renderer {
    package init() {}

    package func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(Self.line).map { $0 + "\n" }.joined()
    }

    static func line(_ d: Diagnostic) -> String {
        let command = switch d.severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        var properties: [String] = []
        if let span = d.span {
            properties += ["file=\(escapeProperty(span.file))", "line=\(span.start.line)", "col=\(span.start.column)",
                           "endLine=\(span.end.line)", "endColumn=\(span.end.column)"]
        }
        properties.append("title=\(escapeProperty(d.code))")
        var message = d.message
        for note in d.notes {
            let place = note.span.map { " (\($0.file):\($0.start.line):\($0.start.column))" } ?? ""
            message += "\nnote: \(note.message)\(place)"
        }
        if let fix = d.fix { message += "\nhelp: \(fix)" }
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    /// GitHub's escaping of a command's message.
    static func escapeData(_ text: String) -> String {
        escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A")])
    }

    /// GitHub's escaping of a property value: also `:` and `,`, which delimit properties.
    static func escapeProperty(_ text: String) -> String {
        escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C")])
    }

    /// Per Unicode scalar, so that a `\r\n` pair (one Swift `Character`) is escaped as both.
    private static func escape(_ text: String, _ table: [(Unicode.Scalar, String)]) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let replacement = table.first(where: { $0.0 == scalar })?.1 {
                out += replacement
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
