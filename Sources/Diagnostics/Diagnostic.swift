/// How bad a diagnostic is. Errors fail `validate`; warnings fail it only with `--strict`.
package enum Severity: String, Sendable, Hashable, Codable, Comparable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    package static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A secondary location that helps explain a diagnostic ("first defined here").
package struct DiagnosticNote: Sendable, Hashable, Codable {
    package var message: String
    package var span: SourceSpan?

    package init(_ message: String, at span: SourceSpan? = nil) {
        self.message = message
        self.span = span
    }
}

/// One problem found in the input, as data. Renderers (text, JSON, SARIF, GitHub) live in `Output`.
package struct Diagnostic: Sendable, Hashable, Codable {
    /// Stable code such as `E302`; documented in `docs/diagnostics.md`.
    package var code: String
    package var severity: Severity
    package var message: String
    /// Where the problem is. `nil` only for problems that concern no file (bad command line).
    package var span: SourceSpan?
    package var notes: [DiagnosticNote]
    /// How to fix it, in one sentence, when there is an obvious fix.
    package var fix: String?

    package init(code: String, severity: Severity, message: String, span: SourceSpan?,
                notes: [DiagnosticNote] = [], fix: String? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.span = span
        self.notes = notes
        self.fix = fix
    }

    package static func error(_ code: String, _ message: String, at span: SourceSpan?,
                             notes: [DiagnosticNote] = [], fix: String? = nil) -> Diagnostic {
        Diagnostic(code: code, severity: .error, message: message, span: span, notes: notes, fix: fix)
    }

    package static func warning(_ code: String, _ message: String, at span: SourceSpan?,
                               notes: [DiagnosticNote] = [], fix: String? = nil) -> Diagnostic {
        Diagnostic(code: code, severity: .warning, message: message, span: span, notes: notes, fix: fix)
    }
}

extension Diagnostic {
    /// Sort order of every report: file, line, column, then code and message for ties.
    package static func reportOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        let fa = a.span?.file ?? "", fb = b.span?.file ?? ""
        if fa != fb { return fa < fb }
        let pa = a.span?.start ?? SourcePosition(line: 0, column: 0)
        let pb = b.span?.start ?? SourcePosition(line: 0, column: 0)
        if pa != pb { return pa < pb }
        if a.code != b.code { return a.code < b.code }
        return a.message < b.message
    }
}
