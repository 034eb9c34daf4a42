import Diagnostics
import JSON

/// What one request about one file reads: the file's lines, the rule set's last check and its
/// index. The answers are built in extensions, one per feature.
struct RequestContext {
    var path: String
    var lines: LineTable
    var state: RuleSetState
    var index: RuleSetIndex
    var located: RuleSetLocator.Located
    /// The lines of another file of the rule set.
    var linesOf: (String) -> LineTable?

    /// A protocol `Location` of a span.
    func location(_ span: SourceSpan) -> JSONValue {
        let table = span.file == path ? lines : (linesOf(span.file) ?? LineTable(""))
        return .record(("uri", .string(DocumentURI.uri(of: span.file))), ("range", table.range(of: span).json))
    }

    func range(_ span: SourceSpan) -> JSONValue { lines.range(of: span).json }
}
