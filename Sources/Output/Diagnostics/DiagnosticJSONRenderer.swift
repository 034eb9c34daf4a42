import Diagnostics
import JSON

/// `--format json`: `{"diagnostics":[…],"errors":N,"warnings":N}` (docs/diagnostics.md), keys in a fixed
/// order, one line, newline-terminated.
package struct DiagnosticJSONRenderer: Renderer {
    package init() {}

    package func render(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        let log = JSONObject([
            ("diagnostics", .array(diagnostics.map { .object(Self.json($0)) })),
            ("errors", .int(Int64(errors))),
            ("warnings", .int(Int64(warnings))),
        ])
        return JSONWriter.write(.object(log), layout: .compact) + "\n"
    }

    /// A workspace: every rule set's diagnostics, each with its `ruleset`, the totals, and
    /// `rulesets` with each one's counts in the order of `rulecheck.yaml`.
    package func render(groups: [DiagnosticGroup]) -> String {
        let all = groups.flatMap { group in
            group.diagnostics.map { d -> JSONValue in
                var object = Self.json(d)
                object["ruleset"] = group.name.map { .string($0) } ?? .null
                return .object(object)
            }
        }
        let summaries = groups.map { group in
            JSONValue.object(JSONObject([
                ("name", group.name.map { .string($0) } ?? .null),
                ("files", .int(Int64(group.fileCount))),
                ("errors", .int(Int64(group.errorCount))),
                ("warnings", .int(Int64(group.warningCount))),
            ]))
        }
        let log = JSONObject([
            ("diagnostics", .array(all)),
            ("errors", .int(Int64(groups.map(\.errorCount).reduce(0, +)))),
            ("warnings", .int(Int64(groups.map(\.warningCount).reduce(0, +)))),
            ("rulesets", .array(summaries)),
        ])
        return JSONWriter.write(.object(log), layout: .compact) + "\n"
    }

    static func json(_ d: Diagnostic) -> JSONObject {
        func number(_ value: Int?) -> JSONValue { value.map { .int(Int64($0)) } ?? .null }
        var object = JSONObject([
            ("file", d.span.map { .string($0.file) } ?? .null),
            ("line", number(d.span?.start.line)),
            ("column", number(d.span?.start.column)),
            ("end_line", number(d.span?.end.line)),
            ("end_column", number(d.span?.end.column)),
            ("severity", .string(d.severity.rawValue)),
            ("code", .string(d.code)),
            ("message", .string(d.message)),
        ])
        if !d.notes.isEmpty {
            object["notes"] = .array(d.notes.map { note in
                var entry = JSONObject([("message", .string(note.message))])
                if let span = note.span {
                    entry["file"] = .string(span.file)
                    entry["line"] = .int(Int64(span.start.line))
                    entry["column"] = .int(Int64(span.start.column))
                }
                return .object(entry)
            })
        }
        if let fix = d.fix { object["help"] = .string(fix) }
        return object
    }
}
