import Diagnostics

/// The ways YAML can silently change a CEL expression written as a plain value, each with its
/// own diagnostic code (`E120`–`E126`). The rules layer asks a node that should hold an
/// expression for its trap with `YAMLNode.expressionProblem(field:in:)`.
package enum ExpressionTrap: Sendable, Hashable {
    /// `when: !x` — YAML read `!x` as a tag.
    case tagged(tag: String)
    /// `when: *x` — YAML read an alias and copied the anchored node.
    case alias(name: String)
    /// `when: &x y` — YAML read `&x` as an anchor name.
    case anchor(name: String)
    /// `when: [a, b]` or `{a: b}` — YAML read a flow collection.
    case flowCollection(isMapping: Bool)
    /// A block mapping or list where the expression should be.
    case notScalar(isMapping: Bool)
    /// The value is empty (maybe because all of it was a comment).
    case empty(comment: YAMLComment?)
    /// `when: a #b` — YAML dropped ` #b` as a comment.
    case cutByComment(YAMLComment)
    /// `when: >-` followed by an entry indented one level too deep: the block took it in.
    case swallowsItems(SwallowedItems)

    package var code: YAMLDiagnosticCode {
        switch self {
        case .tagged: .expressionIsTagged
        case .alias: .expressionIsAlias
        case .anchor: .expressionHasAnchor
        case .flowCollection: .expressionIsFlowCollection
        case .notScalar: .expressionIsNotScalar
        case .empty: .expressionIsEmpty
        case .cutByComment: .expressionCutByComment
        case .swallowsItems: .expressionSwallowsItems
        }
    }
}

extension YAMLNode {
    /// What YAML did to a value that should be a CEL expression, or nil when the node is a
    /// plain or quoted scalar that YAML left alone. Checked in order: alias, tag, anchor, flow
    /// collection, block collection, empty value, trailing ` #` comment.
    package var expressionTrap: ExpressionTrap? {
        if isAlias { return .alias(name: anchor ?? "") }
        if let tag, tag != "!!str" { return .tagged(tag: tag) }
        if let anchor { return .anchor(name: anchor) }
        switch kind {
        case .sequence: return isFlowCollection ? .flowCollection(isMapping: false) : .notScalar(isMapping: false)
        case .mapping: return isFlowCollection ? .flowCollection(isMapping: true) : .notScalar(isMapping: true)
        case .scalar(let text, let style):
            if text.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" }) { return .empty(comment: trailingComment) }
            if style == .plain, let comment = trailingComment { return .cutByComment(comment) }
            return nil
        }
    }

    /// The diagnostic for this node's expression trap, naming what YAML did and how to write the
    /// expression instead. `field` is the key the expression belongs to (`when`); `document`, when
    /// given, lets the fix quote the exact source text. The comment trap is a warning (the
    /// comment may be intended); every other trap is an error.
    package func expressionProblem(field: String, in document: YAMLDocument? = nil) -> Diagnostic? {
        guard let trap = expressionTrap ?? swallowedItems(in: document).map(ExpressionTrap.swallowsItems) else { return nil }
        let code = trap.code.code
        let written = document.flatMap { sourceText(of: span, in: $0) }
        switch trap {
        case .tagged(let tag):
            let expression = written ?? [tag, scalarText ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
            let what = tag.hasPrefix("!") ? "as a tag, not as CEL negation" : "as a tag"
            return .error(code, "YAML read `\(tag)` \(what); quote the expression: \(field): \(YAMLNode.quoted(expression))",
                          at: span, fix: "write \(field): \(YAMLNode.quoted(expression))")
        case .alias(let name):
            let expression = written ?? "*\(name)"
            return .error(code, "YAML read `*\(name)` as an alias (a copy of the node anchored `&\(name)`), not as an expression; quote the expression: \(field): \(YAMLNode.quoted(expression))",
                          at: span,
                          fix: "write the expression itself (share it as a metric and use `metrics.NAME`), or quote it if `*` belongs to it: \(field): \(YAMLNode.quoted(expression))")
        case .anchor(let name):
            let expression = written ?? ["&\(name)", scalarText ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
            return .error(code, "YAML read `&\(name)` as an anchor, not as part of the expression; quote the expression: \(field): \(YAMLNode.quoted(expression))",
                          at: span, fix: "write \(field): \(YAMLNode.quoted(expression))")
        case .flowCollection(let isMapping):
            let opener = isMapping ? "{" : "["
            let what = isMapping ? "a YAML flow mapping, not a CEL map" : "a YAML flow list, not a CEL list"
            let example = written.map { "\(field): \(YAMLNode.quoted($0))" } ?? "\(field): \"\(opener)…\""
            return .error(code, "YAML read the value starting with `\(opener)` as \(what); quote the expression: \(example)",
                          at: span, fix: "write \(example)")
        case .notScalar(let isMapping):
            let what = isMapping ? "a mapping" : "a list"
            return .error(code, "`\(field)` must be a CEL expression, but YAML read \(what) here",
                          at: span, fix: "write the expression as text after `\(field):`, quoted if it contains `: ` or ` #`, or as a block: `\(field): |` followed by indented lines")
        case .empty(let comment):
            if let comment {
                return .error(code, "`\(field)` is empty: YAML read `\(comment.text)` as a comment, not as the expression",
                              at: comment.span,
                              fix: "write the CEL expression after `\(field):`; if it contains ` #`, quote it")
            }
            return .error(code, "`\(field)` is empty; it needs a CEL expression", at: span,
                          fix: "write a CEL expression after `\(field):`")
        case .cutByComment(let comment):
            let value = scalarText ?? ""
            let separator = document.flatMap { gap(before: comment, in: $0) } ?? " "
            let whole = value + separator + comment.text
            return .warning(code, "YAML read the rest of the line after ` #` as a comment, so `\(field)` is only `\(value)`; if `#` belongs to the expression, quote it: \(field): \(YAMLNode.quoted(whole))",
                            at: comment.span,
                            notes: [DiagnosticNote("the expression YAML kept ends here", at: span)],
                            fix: "write \(field): \(YAMLNode.quoted(whole)), or move the comment to its own line")
        case .swallowsItems(let items):
            return swallowedItemsProblem(items, field: field, in: document)
        }
    }

    /// The lines of YAML structure a block scalar took in, when this node is one (`|`, `>`)
    /// and `document` holds its lines.
    package func swallowedItems(in document: YAMLDocument?) -> SwallowedItems? {
        guard let document, case .scalar(_, let style) = kind, style == .literal || style == .folded else { return nil }
        return SwallowedItems(blockStartingAfter: span.start, endingAt: span.end, in: document)
    }

    private func swallowedItemsProblem(_ items: SwallowedItems, field: String, in document: YAMLDocument?) -> Diagnostic {
        let line = span.start.line
        let indicator = document?.line(line).flatMap { text in
            text.unicodeScalars.dropFirst(max(span.start.column - 1, 0)).prefix { $0 != " " && $0 != "#" }
        }.map { String(String.UnicodeScalarView($0)) } ?? "|"
        let end = SourcePosition(line: items.start.line, column: items.start.column + items.text.unicodeScalars.count)
        let column = document.flatMap { items.text.hasPrefix("- ") ? Self.itemColumn(above: line, in: $0) : Self.keyColumn(line, in: $0) }
        let move = column.map { "start `\(items.text)` at column \($0), where the entry above it starts" }
            ?? "indent `\(items.text)` less, like the entries around it"
        return .error(YAMLDiagnosticCode.expressionSwallowsItems.code,
                      "`\(items.text)` is inside the block of `\(field): \(indicator)` on line \(line): a block scalar takes every line indented deeper than `\(field)` into its text, so this line is part of the expression, not a new entry",
                      at: SourceSpan(file: span.file, start: items.start, end: end),
                      notes: [DiagnosticNote("the block of `\(field)` starts here", at: SourceSpan(file: span.file, start: span.start, end: span.start))],
                      fix: move)
    }

    /// The column of the list item (`- `) that holds the entry whose key is on `line`.
    private static func itemColumn(above line: Int, in document: YAMLDocument) -> Int? {
        guard let keyLine = document.line(line) else { return nil }
        let keyIndent = keyLine.prefix { $0 == " " }.count
        var number = line
        while number >= 1, let text = document.line(number) {
            let indent = text.prefix { $0 == " " }.count
            let rest = text.dropFirst(indent)
            if number != line || indent < keyIndent, rest.hasPrefix("- ") || rest == "-" { return indent + 1 }
            if !rest.isEmpty, !rest.hasPrefix("#"), indent < keyIndent { return nil }
            number -= 1
        }
        return nil
    }

    /// The column of the key on `line`.
    private static func keyColumn(_ line: Int, in document: YAMLDocument) -> Int? {
        guard let text = document.line(line) else { return nil }
        var rest = Substring(text), column = 1
        while let first = rest.first, first == " " || first == "-" {
            rest = rest.dropFirst()
            column += 1
        }
        return column
    }

    /// A YAML-safe quoting of `expression`: double quotes unless it holds `"` or `\`, then
    /// single quotes, else a literal block.
    static func quoted(_ expression: String) -> String {
        if !expression.contains("\"") && !expression.contains("\\") { return "\"\(expression)\"" }
        if !expression.contains("'") { return "'\(expression)'" }
        return "|\n  \(expression)"
    }

    /// The exact text of a one-line span.
    private func sourceText(of span: SourceSpan, in document: YAMLDocument) -> String? {
        guard span.start.line == span.end.line, span.end.column > span.start.column,
              let line = document.line(span.start.line) else { return nil }
        let scalars = Array(line.unicodeScalars)
        let from = span.start.column - 1, to = span.end.column - 1
        guard from >= 0, to <= scalars.count else { return nil }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[from..<to])
        return text
    }

    /// The blanks between this scalar and its trailing comment, as written.
    private func gap(before comment: YAMLComment, in document: YAMLDocument) -> String? {
        guard span.end.line == comment.span.start.line, comment.span.start.column > span.end.column else { return nil }
        return sourceText(of: SourceSpan(file: span.file, start: span.end, end: comment.span.start), in: document)
    }
}
