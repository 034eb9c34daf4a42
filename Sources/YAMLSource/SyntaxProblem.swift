/// A libyaml syntax error made friendly: libyaml's own problem and context text, plus a hint
/// for the mistakes people make when they write rules (tabs, unquoted CEL, stray colons).
struct SyntaxProblem {
    var problem: String
    var context: String?
    /// The byte at the problem's position, when there is one.
    var character: UInt8?

    /// "YAML syntax error: <problem> (<context>)".
    var message: String {
        var text = "YAML syntax error: \(problem)"
        if let context, !context.isEmpty { text += " (\(context))" }
        return text
    }

    /// What to do about it, when the problem text tells us what went wrong.
    var fix: String? {
        let p = problem, c = context ?? ""
        if p.contains("tab") || (p.contains("cannot start any token") && character == 0x09) {
            return "indent with spaces; YAML does not allow tabs for indentation"
        }
        if p.contains("cannot start any token") {
            return "a value may not start with `@`, a backquote or `%`; quote the value (a CEL expression included)"
        }
        if p.contains("mapping values are not allowed") {
            return "check this line's indentation; a `: ` inside a plain value starts a mapping, so quote a value that contains one (a CEL expression included)"
        }
        if p.contains("did not find expected key") || p.contains("could not find expected ':'") {
            return "check the indentation of this line, or quote a value that contains `: `, `#`, `[`, `{` or starts with a quote"
        }
        if p.contains("block sequence entries are not allowed") {
            return "a value cannot start with `- ` on the key's line; put list items on their own lines or quote the value"
        }
        if c.contains("block scalar") {
            return "`|` and `>` at the start of a value begin a block scalar; quote the value (a CEL expression such as `|| x` included)"
        }
        if c.contains("anchor") || c.contains("alias") {
            return "`&` and `*` at the start of a value are YAML anchors and aliases; quote the value (a CEL expression included)"
        }
        if c.contains("tag") {
            return "`!` at the start of a value is a YAML tag; quote the value (a CEL expression such as `!x` included)"
        }
        if c.contains("quoted scalar") && p.contains("end of stream") {
            return "close the quote; inside double quotes write `\\\"` for a quote, inside single quotes write `''`"
        }
        if p.contains("unknown escape") {
            return "inside double quotes a backslash starts an escape; write `\\\\` for a backslash or use single quotes"
        }
        if p.contains("expected ',' or ']'") || p.contains("expected ',' or '}'") {
            return "a value starting with `[` or `{` is a flow collection; close it, or quote the value (a CEL list or map included)"
        }
        if p.contains("control characters") {
            return "remove the control character (a NUL or similar byte) from the file"
        }
        return nil
    }
}
