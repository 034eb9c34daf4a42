/// Recursive-descent parser for the CEL grammar (langdef "Syntax"), producing a `CELAST` with
/// macros expanded to comprehensions as cel-go does. Recursion is bounded by an explicit
/// nesting counter, so hostile input yields an issue, never a stack overflow.
struct CELParser {
    /// Deepest nesting accepted (parentheses, brackets, calls and operators all count).
    static let maxNesting = 100
    /// Longest source accepted, in Unicode scalars.
    static let maxLength = 10_000

    private let source: String
    private let locator: CELSourceLocator
    private let expandsMacros: Bool
    private var tokens: [CELToken] = []
    private var index = 0
    private var depth = 0
    private var nextID: CELExprID = 1
    /// Nesting height of every node built so far (a leaf is 0).
    private var heights: [CELExprID: Int] = [:]
    private var macroCalls: [CELExprID: CELExpr] = [:]
    private var anchors: [CELExprID: CELSourceRange] = [:]
    /// For a node written in parentheses: the range including them (the outermost pair).
    private var parenthesized: [CELExprID: CELSourceRange] = [:]
    /// Leaf kinds shared with the host's other expressions, if it keeps them.
    private let leafKinds: CELLeafKinds?

    init(source: String, expandsMacros: Bool = true, leafKinds: CELLeafKinds? = nil) {
        self.source = source
        self.locator = CELSourceLocator(source)
        self.expandsMacros = expandsMacros
        self.leafKinds = leafKinds
    }

    mutating func parse() -> Result<CELAST, CELCompileErrors> {
        do throws(CELCompileErrors) {
            return .success(try parsed())
        } catch {
            return .failure(error)
        }
    }

    /// `parse()` with its errors thrown: no `Result` of the parse is made, whose type the
    /// runtime would look up by name.
    mutating func parsed() throws(CELCompileErrors) -> CELAST {
        let scalars = Array(source.unicodeScalars)
        guard scalars.count <= Self.maxLength else {
            let issue = locator.issue(
                "expression is \(scalars.count) characters long; the limit is \(Self.maxLength)",
                at: CELSourceRange(start: Self.maxLength, end: Self.maxLength + 1))
            throw CELCompileErrors(issues: [issue])
        }
        var lexer = CELLexer(scalars: scalars, locator: locator)
        do throws(CELIssue) {
            tokens = try lexer.tokenize()
        } catch {
            throw CELCompileErrors(issues: [error])
        }
        do throws(CELIssue) {
            let root = try parseExpression()
            guard current.kind == .endOfInput else {
                throw unexpected(current, expected: "end of input")
            }
            return CELAST(root: root, source: source, macroCalls: macroCalls, anchors: anchors)
        } catch {
            throw CELCompileErrors(issues: [error])
        }
    }

    // MARK: Tokens

    private var current: CELToken { tokens[min(index, tokens.count - 1)] }

    private func peekKind(_ ahead: Int) -> CELToken.Kind {
        tokens[min(index + ahead, tokens.count - 1)].kind
    }

    @discardableResult
    private mutating func advance() -> CELToken {
        let token = current
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    private mutating func expect(_ kind: CELToken.Kind, _ what: String) throws(CELIssue) -> CELToken {
        guard current.kind == kind else { throw unexpected(current, expected: what) }
        return advance()
    }

    private func unexpected(_ token: CELToken, expected: String) -> CELIssue {
        let found = token.kind == .endOfInput ? "end of input" : "token '\(token.display)'"
        let range = token.kind == .endOfInput
            ? CELSourceRange(start: max(0, token.range.start - 1), end: token.range.start)
            : token.range
        return locator.issue("unexpected \(found); expected \(expected)", at: range)
    }

    // MARK: Node construction

    private mutating func makeID() -> CELExprID {
        defer { nextID += 1 }
        return nextID
    }

    private mutating func node(_ kind: CELExpr.Kind, _ range: CELSourceRange,
                               id: CELExprID? = nil, anchor: CELSourceRange? = nil) throws(CELIssue) -> CELExpr {
        let expr = CELExpr(id: id ?? makeID(), range: range, kind: leafKinds?.shared(kind) ?? kind)
        var height = 0
        expr.forEachChild { height = Swift.max(height, (heights[$0.id] ?? 0) + 1) }
        heights[expr.id] = height
        if let anchor { anchors[expr.id] = anchor }
        guard height <= Self.maxNesting else {
            throw locator.issue("expression nesting exceeds the limit of \(Self.maxNesting)",
                                at: anchor ?? range)
        }
        return expr
    }

    private mutating func call(_ function: String, _ args: [CELExpr], range: CELSourceRange,
                               anchor: CELSourceRange? = nil) throws(CELIssue) -> CELExpr {
        try node(.call(target: nil, function: function, args: args), range, anchor: anchor)
    }

    /// From the start of `first` to the end of `last`, each with the parentheses written
    /// around it, so that the text of `(a + 1) * 2` is all of it, not `a + 1) * 2`.
    private func span(_ first: CELExpr, _ last: CELExpr) -> CELSourceRange {
        CELSourceRange(start: outer(first).start, end: outer(last).end)
    }

    /// The range of `expr` with the parentheses written around it (its own range without).
    private func outer(_ expr: CELExpr) -> CELSourceRange {
        parenthesized[expr.id] ?? expr.range
    }

    // MARK: Grammar

    /// `Expr = ConditionalOr ["?" ConditionalOr ":" Expr]`; every entry counts one level of nesting.
    private mutating func parseExpression() throws(CELIssue) -> CELExpr {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxNesting + 1 else {
            throw locator.issue("expression nesting exceeds the limit of \(Self.maxNesting)", at: current.range)
        }
        let condition = try parseLogical(.or)
        guard current.kind == .question else { return condition }
        let question = advance()
        let whenTrue = try parseLogical(.or)
        _ = try expect(.colon, "':'")
        let whenFalse = try parseExpression()
        return try call("_?_:_", [condition, whenTrue, whenFalse],
                        range: span(condition, whenFalse), anchor: question.range)
    }

    /// `||` and `&&` chains, built as balanced trees like cel-go so long chains stay shallow.
    private mutating func parseLogical(_ kind: CELToken.Kind) throws(CELIssue) -> CELExpr {
        let isOr = kind == .or
        var terms = [isOr ? try parseLogical(.and) : try parseRelation()]
        var operators: [CELSourceRange] = []
        while current.kind == kind {
            operators.append(advance().range)
            terms.append(isOr ? try parseLogical(.and) : try parseRelation())
        }
        guard !operators.isEmpty else { return terms[0] }
        return try balance(isOr ? "_||_" : "_&&_", terms, operators, 0, operators.count - 1)
    }

    private mutating func balance(_ function: String, _ terms: [CELExpr], _ operators: [CELSourceRange],
                                  _ low: Int, _ high: Int) throws(CELIssue) -> CELExpr {
        let middle = (low + high + 1) / 2
        let left = middle == low ? terms[middle] : try balance(function, terms, operators, low, middle - 1)
        let right = middle == high ? terms[middle + 1] : try balance(function, terms, operators, middle + 1, high)
        return try call(function, [left, right], range: span(left, right), anchor: operators[middle])
    }

    private mutating func parseRelation() throws(CELIssue) -> CELExpr {
        var left = try parseAddition()
        while true {
            let function: String
            switch current.kind {
            case .less: function = "_<_"
            case .lessEqual: function = "_<=_"
            case .greater: function = "_>_"
            case .greaterEqual: function = "_>=_"
            case .equal: function = "_==_"
            case .notEqual: function = "_!=_"
            case .inKeyword: function = "@in"
            default: return left
            }
            let op = advance()
            let right = try parseAddition()
            left = try call(function, [left, right], range: span(left, right), anchor: op.range)
        }
    }

    private mutating func parseAddition() throws(CELIssue) -> CELExpr {
        var left = try parseMultiplication()
        while current.kind == .plus || current.kind == .minus {
            let op = advance()
            let right = try parseMultiplication()
            left = try call(op.kind == .plus ? "_+_" : "_-_", [left, right],
                            range: span(left, right), anchor: op.range)
        }
        return left
    }

    private mutating func parseMultiplication() throws(CELIssue) -> CELExpr {
        var left = try parseUnary()
        while true {
            let function: String
            switch current.kind {
            case .star: function = "_*_"
            case .slash: function = "_/_"
            case .percent: function = "_%_"
            default: return left
            }
            let op = advance()
            let right = try parseUnary()
            left = try call(function, [left, right], range: span(left, right), anchor: op.range)
        }
    }

    /// `Unary = Member | "!" {"!"} Member | "-" {"-"} Member`. A `-` directly before a number
    /// is the literal's sign, as in cel-go, so `-9223372036854775808` is an int.
    private mutating func parseUnary() throws(CELIssue) -> CELExpr {
        guard current.kind == .not || current.kind == .minus else { return try parseMember() }
        let operatorKind = current.kind
        var operators: [CELSourceRange] = []
        while current.kind == operatorKind {
            operators.append(advance().range)
        }
        var operand: CELExpr
        if operatorKind == .minus, let sign = operators.last, isSignableNumber(current.kind) {
            operators.removeLast()
            operand = try parseMember(negativeSign: sign)
        } else {
            operand = try parseMember()
        }
        for op in operators.reversed() {
            operand = try call(operatorKind == .not ? "!_" : "-_", [operand],
                               range: CELSourceRange(start: op.start, end: outer(operand).end), anchor: op)
        }
        return operand
    }

    private func isSignableNumber(_ kind: CELToken.Kind) -> Bool {
        switch kind {
        case .intDigits, .doubleLiteral: return true
        default: return false
        }
    }

    /// `Member = Primary | Member "." SELECTOR ["(" [ExprList] ")"] | Member "[" Expr "]"`.
    private mutating func parseMember(negativeSign: CELSourceRange? = nil) throws(CELIssue) -> CELExpr {
        var expr = try parsePrimary(negativeSign: negativeSign)
        while true {
            switch current.kind {
            case .dot where peekKind(1) == .question:
                // `a.?b`: optional field selection (cel-go's optional syntax).
                advance()
                let question = advance()
                let nameToken = advance()
                guard case .identifier(let name) = nameToken.kind else {
                    throw unexpected(nameToken, expected: "a field name after '.?'")
                }
                let field = try node(.literal(.string(name)), nameToken.range)
                expr = try call(CELOptionalSyntax.select, [expr, field],
                                range: CELSourceRange(start: outer(expr).start, end: nameToken.range.end),
                                anchor: CELSourceRange(start: question.range.start, end: nameToken.range.end))
            case .dot:
                advance()
                let nameToken = advance()
                let name: String
                switch nameToken.kind {
                case .identifier(let identifier): name = identifier
                case .quotedIdentifier(let quoted):
                    expr = try node(.select(operand: expr, field: quoted, testOnly: false),
                                    CELSourceRange(start: outer(expr).start, end: nameToken.range.end),
                                    anchor: nameToken.range)
                    continue
                default: throw unexpected(nameToken, expected: "a field or method name after '.'")
                }
                if current.kind == .leftParen {
                    let (args, close) = try parseArguments()
                    expr = try makeCall(target: expr, function: name, args: args, nameRange: nameToken.range,
                                        range: CELSourceRange(start: outer(expr).start, end: close.end))
                } else {
                    expr = try node(.select(operand: expr, field: name, testOnly: false),
                                    CELSourceRange(start: outer(expr).start, end: nameToken.range.end),
                                    anchor: nameToken.range)
                }
            case .leftBracket:
                let open = advance()
                // `a[?k]`: optional index.
                let optional = current.kind == .question
                if optional { advance() }
                let subscriptExpr = try parseExpression()
                let close = try expect(.rightBracket, "']'")
                expr = try call(optional ? CELOptionalSyntax.index : "_[_]", [expr, subscriptExpr],
                                range: CELSourceRange(start: outer(expr).start, end: close.range.end),
                                anchor: open.range)
            case .leftBrace where expr.qualifiedName != nil:
                throw locator.issue(
                    "message construction '\(expr.qualifiedName ?? ""){…}' is not supported; use a map literal",
                    at: current.range)
            default:
                return expr
            }
        }
    }

    private mutating func parseArguments() throws(CELIssue) -> ([CELExpr], CELSourceRange) {
        _ = try expect(.leftParen, "'('")
        var args: [CELExpr] = []
        if current.kind != .rightParen {
            args.append(try parseExpression())
            while current.kind == .comma {
                advance()
                args.append(try parseExpression())
            }
        }
        let close = try expect(.rightParen, args.isEmpty ? "an expression or ')'" : "',' or ')'")
        return (args, close.range)
    }

    private mutating func parsePrimary(negativeSign: CELSourceRange?) throws(CELIssue) -> CELExpr {
        let token = current
        let start = negativeSign?.start ?? token.range.start
        let literalRange = CELSourceRange(start: start, end: token.range.end)
        switch token.kind {
        case .intDigits(let digits, let radix):
            advance()
            let signed = negativeSign == nil ? digits : "-" + digits
            guard let value = Int64(signed, radix: radix) else {
                throw locator.issue("int literal '\(negativeSign == nil ? "" : "-")\(token.display)' is out of range",
                                    at: literalRange)
            }
            return try node(.literal(.int(value)), literalRange)
        case .doubleLiteral(let value):
            advance()
            return try node(.literal(.double(negativeSign == nil ? value : -value)), literalRange)
        case .uintLiteral(let value):
            advance()
            return try node(.literal(.uint(value)), token.range)
        case .stringLiteral(let value):
            advance()
            return try node(.literal(.string(value)), token.range)
        case .bytesLiteral(let value):
            advance()
            return try node(.literal(.bytes(value)), token.range)
        case .trueKeyword, .falseKeyword:
            advance()
            return try node(.literal(.bool(token.kind == .trueKeyword)), token.range)
        case .nullKeyword:
            advance()
            return try node(.literal(.null), token.range)
        case .dot, .identifier:
            return try parseIdentifierOrCall()
        case .leftParen:
            let open = advance()
            let inner = try parseExpression()
            let close = try expect(.rightParen, "')'")
            parenthesized[inner.id] = CELSourceRange(start: open.range.start, end: close.range.end)
            return inner
        case .leftBracket:
            return try parseList()
        case .leftBrace:
            return try parseMap()
        default:
            throw unexpected(token, expected: "an expression")
        }
    }

    private mutating func parseIdentifierOrCall() throws(CELIssue) -> CELExpr {
        let start = current.range.start
        var leadingDot = false
        if current.kind == .dot {
            leadingDot = true
            advance()
        }
        let nameToken = advance()
        guard case .identifier(let bare) = nameToken.kind else {
            throw unexpected(nameToken, expected: leadingDot ? "a name after '.'" : "an expression")
        }
        if Self.reservedWords.contains(bare) {
            throw locator.issue("'\(bare)' is a reserved word and cannot be used as a name", at: nameToken.range)
        }
        let name = leadingDot ? "." + bare : bare
        let nameRange = CELSourceRange(start: start, end: nameToken.range.end)
        guard current.kind == .leftParen else {
            return try node(.ident(name), nameRange)
        }
        let (args, close) = try parseArguments()
        return try makeCall(target: nil, function: name, args: args, nameRange: nameRange,
                            range: CELSourceRange(start: start, end: close.end))
    }

    private mutating func makeCall(target: CELExpr?, function: String, args: [CELExpr],
                                   nameRange: CELSourceRange, range: CELSourceRange) throws(CELIssue) -> CELExpr {
        let callExpr = try node(.call(target: target, function: function, args: args), range, anchor: nameRange)
        guard expandsMacros,
              let macro = CELMacro.matching(function: function, target: target, argumentCount: args.count)
        else { return callExpr }
        var expander = CELMacroExpander(call: callExpr, nextID: nextID, locator: locator, leafKinds: leafKinds)
        let expanded = try expander.expand(macro, target: target, args: args)
        nextID = expander.nextID
        // The expansion's nesting is that of the call as written.
        heights[expanded.id] = heights[callExpr.id]
        if macro == .has {
            anchors[expanded.id] = args.first.flatMap { anchors[$0.id] }
        } else {
            anchors[expanded.id] = nameRange
        }
        if case .comprehension = expanded.kind { macroCalls[expanded.id] = callExpr }
        return expanded
    }

    private mutating func parseList() throws(CELIssue) -> CELExpr {
        let open = try expect(.leftBracket, "'['")
        var elements: [CELExpr] = []
        while current.kind != .rightBracket {
            elements.append(try parseOptionalMarked(CELOptionalSyntax.element))
            guard current.kind == .comma else { break }
            advance()
        }
        let close = try expect(.rightBracket, elements.isEmpty ? "an expression or ']'" : "',' or ']'")
        return try node(.list(elements: elements), CELSourceRange(start: open.range.start, end: close.range.end))
    }

    /// An expression, or `?expr` (an optional list element), marked with a call to `marker`.
    private mutating func parseOptionalMarked(_ marker: String) throws(CELIssue) -> CELExpr {
        guard current.kind == .question else { return try parseExpression() }
        let question = advance()
        let value = try parseExpression()
        return try call(marker, [value], range: CELSourceRange(start: question.range.start, end: outer(value).end),
                        anchor: question.range)
    }

    private mutating func parseMap() throws(CELIssue) -> CELExpr {
        let open = try expect(.leftBrace, "'{'")
        var entries: [CELMapEntry] = []
        while current.kind != .rightBrace {
            let optional = current.kind == .question
            if optional { advance() }
            let key = try parseExpression()
            let colon = try expect(.colon, "':'")
            var value = try parseExpression()
            if optional {
                value = try call(CELOptionalSyntax.entry, [value], range: value.range,
                                 anchor: CELSourceRange(start: key.range.start, end: colon.range.end))
            }
            let entryID = makeID()
            anchors[entryID] = colon.range
            entries.append(CELMapEntry(id: entryID, key: key, value: value))
            guard current.kind == .comma else { break }
            advance()
        }
        let close = try expect(.rightBrace, entries.isEmpty ? "a map entry or '}'" : "',' or '}'")
        return try node(.map(entries: entries), CELSourceRange(start: open.range.start, end: close.range.end))
    }

    /// Words reserved for embedding (langdef); allowed only after a `.`.
    static let reservedWords: Set<String> = [
        "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let", "loop",
        "package", "namespace", "return", "var", "void", "while",
    ]
}
