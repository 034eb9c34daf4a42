import Diagnostics
import JSON

/// A rule diagnostic as the protocol's `Diagnostic`: the same code, message and severity, its
/// span in UTF-16 positions, its notes as related information.
package enum ProtocolDiagnostic {
    /// `lines` maps positions of the diagnostic's own file; `linesOf` those of its notes' files.
    static func json(_ diagnostic: Diagnostic, lines: LineTable, linesOf: (String) -> LineTable?) -> JSONValue {
        let span = diagnostic.span ?? .file("")
        let range = lines.range(of: span)
        let related: [JSONValue] = diagnostic.notes.map { note in
            let noteSpan = note.span ?? span
            let noteRange = linesOf(noteSpan.file)?.range(of: noteSpan) ?? range
            let location = JSONValue.record(("uri", .string(DocumentURI.uri(of: noteSpan.file))), ("range", noteRange.json))
            return .record(("location", location), ("message", .string(note.message)))
        }
        var entries: [(String, JSONValue)] = [
            ("range", range.json),
            ("severity", .int(severity(diagnostic.severity))),
            ("code", .string(diagnostic.code)),
            ("source", .string("rulecheck")),
            ("message", .string(diagnostic.message)),
        ]
        if !related.isEmpty { entries.append(("relatedInformation", .array(related))) }
        return .object(JSONObject(entries.map { (key: $0.0, value: $0.1) }))
    }

    /// The protocol's severities: 1 error, 2 warning, 3 information.
    static func severity(_ severity: Severity) -> Int64 {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }
}
