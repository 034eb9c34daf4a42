import Diagnostics

extension GitHubStepSummary {
    /// The section of `rulecheck validate --format github`: the totals, a row per file that has
    /// diagnostics (errors and warnings, by rule set in a workspace), then each diagnostic with its
    /// place, the first `listed` of them.
    package static func validation(_ groups: [DiagnosticGroup], listed: Int = 100) -> String {
        let errors = groups.map(\.errorCount).reduce(0, +), warnings = groups.map(\.warningCount).reduce(0, +)
        let files = groups.map(\.fileCount).reduce(0, +)
        let mark = errors > 0 ? "❌" : warnings > 0 ? "⚠️" : "✅"
        var lines = ["### rulecheck validate", "",
                     "\(mark) \(DiagnosticRenderer.counted(errors, "error")), \(DiagnosticRenderer.counted(warnings, "warning"))"
                         + " in \(DiagnosticRenderer.counted(files, "file"))"]
        let named = groups.contains { $0.name != nil }
        var rows: [String] = []
        for group in groups {
            for (file, diagnostics) in byFile(group.diagnostics) {
                let counts = "\(diagnostics.filter { $0.severity == .error }.count) | "
                    + "\(diagnostics.filter { $0.severity == .warning }.count)"
                rows.append("| " + (named ? "\(escaped(group.name ?? "rulecheck.yaml")) | " : "") + "\(code(file)) | \(counts) |")
            }
        }
        if !rows.isEmpty {
            lines += ["", (named ? "| rule set " : "") + "| file | errors | warnings |",
                      (named ? "|---" : "") + "|---|--:|--:|"] + rows
            let all = groups.flatMap(\.diagnostics).filter { $0.severity != .note }
            lines.append("")
            for d in all.prefix(listed) {
                let place = d.span.map { "\($0.file):\($0.start.line):\($0.start.column)" } ?? "(no file)"
                lines.append("- **\(d.severity == .error ? "error" : "warning") \(d.code)** \(code(place)): \(escaped(d.message))")
            }
            if all.count > listed { lines.append("- … and \(all.count - listed) more") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The diagnostics of each file, files in the order of their first diagnostic.
    private static func byFile(_ diagnostics: [Diagnostic]) -> [(String, [Diagnostic])] {
        var order: [String] = [], byFile: [String: [Diagnostic]] = [:]
        for d in diagnostics where d.severity != .note {
            let file = d.span?.file ?? "(no file)"
            if byFile[file] == nil { order.append(file) }
            byFile[file, default: []].append(d)
        }
        return order.map { ($0, byFile[$0] ?? []) }
    }
}
