/// Splits expression source into tokens (langdef lexis). Stops at the first malformed token.
struct CELLexer {
    private let scalars: [Unicode.Scalar]
    private let locator: CELSourceLocator
    private var position = 0

    init(scalars: [Unicode.Scalar], locator: CELSourceLocator) {
        self.scalars = scalars
        self.locator = locator
    }

    /// All tokens, ending with `.endOfInput`.
    ///
    /// The lexer throws its issue rather than returning a result value: the runtime makes the
    /// metadata of a `Result` from its mangled name and checks that its failure type is an
    /// `Error`, which the first time scans every conformance record of the binary.
    mutating func tokenize() throws(CELIssue) -> [CELToken] {
        var tokens: [CELToken] = []
        while true {
            let token = try nextToken()
            tokens.append(token)
            if token.kind == .endOfInput { return tokens }
        }
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let index = position + ahead
        return index < scalars.count ? scalars[index] : nil
    }

    private mutating func skipWhitespaceAndComments() {
        while let scalar = peek() {
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{0C}":
                position += 1
            case "/" where peek(1) == "/":
                while let next = peek(), next != "\n" { position += 1 }
            default:
                return
            }
        }
    }

    private func failure(_ message: String, from start: Int, to end: Int? = nil) -> CELIssue {
        locator.issue(message, at: CELSourceRange(start: start, end: end ?? max(position, start + 1)))
    }

    private mutating func nextToken() throws(CELIssue) -> CELToken {
        skipWhitespaceAndComments()
        let start = position
        guard let scalar = peek() else {
            return CELToken(kind: .endOfInput, range: CELSourceRange(start: start, end: start))
        }
        if scalar.isDigit || (scalar == "." && peek(1)?.isDigit == true) {
            return try lexNumber()
        }
        if scalar == "\"" || scalar == "'" {
            return try lexString(start: start, raw: false, bytes: false)
        }
        if scalar.isIdentifierStart {
            if let prefixed = try lexPrefixedString(start: start) { return prefixed }
            while let next = peek(), next.isIdentifierPart { position += 1 }
            let word = text(start..<position)
            return CELToken(kind: Self.keyword(word) ?? .identifier(word), range: range(from: start))
        }
        if scalar == "`" {
            return try lexQuotedIdentifier(start: start)
        }
        return try lexPunctuation(start: start, scalar)
    }

    /// The source text of `range` (an identifier, a number, a quoted name), written as UTF-8 at
    /// once: appending scalar by scalar would grow and re-validate the string at every character.
    /// Made with its exact size, so a short name is stored inline (a larger capacity would give
    /// every name its own buffer, and every comparison of two names would read both buffers).
    private func text(_ range: Range<Int>) -> String {
        let size = range.reduce(0) { $0 + UTF8.width(scalars[$1]) }
        return String(unsafeUninitializedCapacity: size) { buffer in
            var count = 0
            for index in range {
                UTF8.encode(scalars[index]) { byte in
                    buffer[count] = byte
                    count += 1
                }
            }
            return count
        }
    }

    private func range(from start: Int) -> CELSourceRange {
        CELSourceRange(start: start, end: position)
    }

    private static func keyword(_ word: String) -> CELToken.Kind? {
        switch word {
        case "true": return .trueKeyword
        case "false": return .falseKeyword
        case "null": return .nullKeyword
        case "in": return .inKeyword
        default: return nil
        }
    }

    private mutating func lexPunctuation(start: Int, _ scalar: Unicode.Scalar) throws(CELIssue) -> CELToken {
        let next = peek(1)
        let kind: CELToken.Kind
        var width = 1
        switch scalar {
        case "+": kind = .plus
        case "-": kind = .minus
        case "*": kind = .star
        case "/": kind = .slash
        case "%": kind = .percent
        case "?": kind = .question
        case ":": kind = .colon
        case ".": kind = .dot
        case ",": kind = .comma
        case "(": kind = .leftParen
        case ")": kind = .rightParen
        case "[": kind = .leftBracket
        case "]": kind = .rightBracket
        case "{": kind = .leftBrace
        case "}": kind = .rightBrace
        case "<":
            if next == "=" { kind = .lessEqual; width = 2 } else { kind = .less }
        case ">":
            if next == "=" { kind = .greaterEqual; width = 2 } else { kind = .greater }
        case "!":
            if next == "=" { kind = .notEqual; width = 2 } else { kind = .not }
        case "=" where next == "=":
            kind = .equal; width = 2
        case "&" where next == "&":
            kind = .and; width = 2
        case "|" where next == "|":
            kind = .or; width = 2
        case "=":
            throw failure("unexpected character '='; did you mean '=='?", from: start, to: start + 1)
        case "&":
            throw failure("unexpected character '&'; did you mean '&&'?", from: start, to: start + 1)
        case "|":
            throw failure("unexpected character '|'; did you mean '||'?", from: start, to: start + 1)
        default:
            throw failure("unexpected character '\(scalar.escapedForMessage)'", from: start, to: start + 1)
        }
        position += width
        return CELToken(kind: kind, range: range(from: start))
    }

    // MARK: Numbers

    private mutating func lexNumber() throws(CELIssue) -> CELToken {
        let start = position
        if peek() == "0", peek(1) == "x" || peek(1) == "X" {
            position += 2
            let digitsStart = position
            while let next = peek(), next.isHexDigit { position += 1 }
            guard position > digitsStart else {
                throw failure("hexadecimal literal needs digits after '0x'", from: start)
            }
            let digits = text(digitsStart..<position)
            return try integerToken(digits: digits, radix: 16, start: start)
        }
        var isDouble = false
        while let next = peek(), next.isDigit { position += 1 }
        if peek() == ".", peek(1)?.isDigit == true {
            isDouble = true
            position += 1
            while let next = peek(), next.isDigit { position += 1 }
        }
        if peek() == "e" || peek() == "E" {
            var lookahead = 1
            if peek(1) == "+" || peek(1) == "-" { lookahead = 2 }
            if peek(lookahead)?.isDigit == true {
                isDouble = true
                position += lookahead
                while let next = peek(), next.isDigit { position += 1 }
            }
        }
        let text = text(start..<position)
        if isDouble {
            guard let value = Double(text) else {
                throw failure("invalid double literal '\(text)'", from: start)
            }
            return CELToken(kind: .doubleLiteral(value), range: range(from: start))
        }
        return try integerToken(digits: text, radix: 10, start: start)
    }

    private mutating func integerToken(digits: String, radix: Int, start: Int) throws(CELIssue) -> CELToken {
        if peek() == "u" || peek() == "U" {
            position += 1
            guard let value = UInt64(digits, radix: radix) else {
                throw failure("uint literal out of range", from: start)
            }
            return CELToken(kind: .uintLiteral(value), range: range(from: start))
        }
        return CELToken(kind: .intDigits(digits, radix: radix), range: range(from: start))
    }

    // MARK: Strings

    /// `r"…"`, `b"…"`, `br"…"`, `rb"…"` (any case), or `nil` when the identifier is not a prefix.
    private mutating func lexPrefixedString(start: Int) throws(CELIssue) -> CELToken? {
        var raw = false
        var bytes = false
        var index = 0
        while index < 2, let scalar = peek(index) {
            if (scalar == "r" || scalar == "R") && !raw {
                raw = true
            } else if (scalar == "b" || scalar == "B") && !bytes {
                bytes = true
            } else {
                break
            }
            index += 1
        }
        guard index > 0, let quote = peek(index), quote == "\"" || quote == "'" else { return nil }
        position += index
        return try lexString(start: start, raw: raw, bytes: bytes)
    }

    private mutating func lexString(start: Int, raw: Bool, bytes: Bool) throws(CELIssue) -> CELToken {
        guard let quote = peek() else { throw failure("unterminated string literal", from: start) }
        let triple = peek(1) == quote && peek(2) == quote
        position += triple ? 3 : 1
        let contentStart = position
        var contentEnd: Int?
        while let scalar = peek() {
            if scalar == "\\" && !raw {
                position += 2
                continue
            }
            if triple {
                if scalar == quote && peek(1) == quote && peek(2) == quote {
                    contentEnd = position
                    position += 3
                    break
                }
            } else {
                if scalar == quote {
                    contentEnd = position
                    position += 1
                    break
                }
                if scalar == "\n" || scalar == "\r" {
                    throw failure("unterminated string literal (a newline needs a triple-quoted string)",
                                  from: start, to: position)
                }
            }
            position += 1
        }
        guard let end = contentEnd, end <= scalars.count else {
            throw failure("unterminated string literal", from: start, to: min(position, scalars.count))
        }
        let content = scalars[contentStart..<end]
        var decoder = CELEscapeDecoder(content: content, baseOffset: contentStart, raw: raw, bytes: bytes)
        let decoded: [UInt8]
        do throws(CELEscapeDecoder.Problem) {
            decoded = try decoder.decode()
        } catch {
            throw failure(error.message, from: error.offset, to: error.offset + error.length)
        }
        let kind: CELToken.Kind = bytes
            ? .bytesLiteral(decoded)
            : .stringLiteral(String(decoding: decoded, as: UTF8.self))
        return CELToken(kind: kind, range: range(from: start))
    }

    private mutating func lexQuotedIdentifier(start: Int) throws(CELIssue) -> CELToken {
        position += 1
        let nameStart = position
        while let scalar = peek(), scalar != "`" {
            guard scalar.isIdentifierPart || scalar == "." || scalar == "-" || scalar == "/" || scalar == " " else {
                throw failure("invalid character '\(scalar.escapedForMessage)' in a quoted field name",
                              from: position, to: position + 1)
            }
            position += 1
        }
        guard peek() == "`" else { throw failure("unterminated quoted field name", from: start) }
        let name = text(nameStart..<position)
        position += 1
        guard !name.isEmpty else { throw failure("empty quoted field name", from: start) }
        return CELToken(kind: .quotedIdentifier(name), range: range(from: start))
    }
}

extension Unicode.Scalar {
    var isDigit: Bool { ("0"..."9").contains(self) }
    var isHexDigit: Bool { isDigit || ("a"..."f").contains(self) || ("A"..."F").contains(self) }
    var isIdentifierStart: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_" }
    var isIdentifierPart: Bool { isIdentifierStart || isDigit }

    /// The scalar as it should appear inside quotes in a message (control characters escaped).
    var escapedForMessage: String {
        value < 0x20 || value == 0x7F ? "\\u{\(String(value, radix: 16))}" : String(self)
    }
}
