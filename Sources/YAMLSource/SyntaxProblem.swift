/// A libyaml syntax error made friendly: libyaml's own problem and context text, plus a hint
/// for the mistakes people make when they write rules (tabs, unquoted CEL, stray colons).
struct SyntaxProblem {
    var problem: String
    var context: String?
    /// The byte at the problem's position, when there is one.
    var character: UInt8?
    /// The source line the problem is on, to recognise a CEL expression YAML misread.
    var line: String?
    /// The problem's 1-based column on `line`.
    var column = 0
    /// A key at a column where no level above it starts, when that is the problem.
    var slip: IndentationSlip?

    /// "YAML syntax error: <problem> (<context>)".
    var message: String {
        var text = "YAML syntax error: \(problem)"
        if let context, !context.isEmpty { text += " (\(context))" }
        return text
    }

    /// What to do about it, when the problem text tells us what went wrong.
    var fix: String? {
        if let slip { return slip.hint }
        if let hint = misreadValueHint ?? colonInValueHint { return hint }
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
        if p.contains("expected '-' indicator") {
            return "a list and a mapping cannot start at the same indentation; indent the list under its key"
        }
        return nil
    }

    /// `key: value` where the value starts with a YAML indicator and goes on after what YAML
    /// read: the usual way an unquoted CEL expression breaks a file (`when: [1, 2].size() > 1`,
    /// `when: !a && b`, `when: "a" == b`). Names what YAML read and gives the quoted line.
    /// `key: a ? b : c` — a `: ` inside a plain value (here a CEL conditional) makes YAML
    /// start a mapping. Only when the offending colon comes after the key's own.
    private var colonInValueHint: String? {
        guard problem.contains("mapping values are not allowed"), let (key, value, valueColumn) = keyAndValue,
              column > valueColumn else { return nil }
        let conditional = value.contains(" ? ") ? " (a CEL conditional `a ? b : c` included)" : ""
        return "YAML reads `: ` inside the value of `\(key)` as the start of a mapping; quote the whole value\(conditional): \(key): \(YAMLNode.quoted(value))"
    }

    /// The key, the value and the value's 1-based column of a `key: value` line.
    private var keyAndValue: (key: Substring, value: String, column: Int)? {
        guard let line, let colon = line.firstRange(of: ": ") else { return nil }
        var key = line[..<colon.lowerBound].drop { $0 == " " }
        while key.hasPrefix("- ") { key = key.dropFirst(2).drop { $0 == " " } }
        guard !key.isEmpty, !key.contains(" "), let first = key.first, first.isLetter || first == "_" else { return nil }
        let value = line[colon.upperBound...].drop { $0 == " " }
        guard !value.isEmpty else { return nil }
        let column = line.unicodeScalars[..<value.startIndex].count + 1
        return (key, String(value), column)
    }

    private var misreadValueHint: String? {
        // Only problems that mean "the value ended early and more text followed".
        let c = context ?? ""
        let endedEarly = problem.contains("expected key") || problem.contains("expected ':'")
            || problem.contains("expected comment or line break") || problem.contains("expected ',' or")
            || c.contains("anchor") || c.contains("alias") || c.contains("tag") || c.contains("block scalar")
        guard endedEarly, let (key, value, _) = keyAndValue, let start = value.first, value.count > 1 else { return nil }
        let what: String
        switch start {
        case "[": what = "a flow list"
        case "{": what = "a flow mapping"
        case "\"", "'": what = "a quoted string that ends at the closing quote"
        case "!": what = "a tag"
        case "&": what = "an anchor"
        case "*": what = "an alias"
        case "|", ">": what = "the start of a block scalar"
        default: return nil
        }
        return "YAML read the `\(start)` at the start of the value as \(what), not as part of an expression; quote the whole value: \(key): \(YAMLNode.quoted(value))"
    }
}
