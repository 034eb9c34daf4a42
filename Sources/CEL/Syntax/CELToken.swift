/// One lexical element of a CEL expression (langdef "Syntax", lexis).
struct CELToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case identifier(String)
        /// A backtick-quoted field name such as `` `content-type` ``.
        case quotedIdentifier(String)
        /// Decimal or hexadecimal digits of an int literal; the sign is applied by the parser,
        /// so that `-9223372036854775808` is representable.
        case intDigits(String, radix: Int)
        case uintLiteral(UInt64)
        case doubleLiteral(Double)
        case stringLiteral(String)
        case bytesLiteral([UInt8])
        case trueKeyword, falseKeyword, nullKeyword, inKeyword
        case plus, minus, star, slash, percent
        case equal, notEqual, less, lessEqual, greater, greaterEqual
        case and, or, not
        case question, colon, dot, comma
        case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
        case endOfInput
    }

    var kind: Kind
    var range: CELSourceRange

    /// How the token reads in an error message.
    var display: String {
        switch kind {
        case .identifier(let name): return name
        case .quotedIdentifier(let name): return "`\(name)`"
        case .intDigits(let digits, let radix): return radix == 16 ? "0x\(digits)" : digits
        case .uintLiteral(let value): return "\(value)u"
        case .doubleLiteral(let value): return "\(value)"
        case .stringLiteral: return "string literal"
        case .bytesLiteral: return "bytes literal"
        case .trueKeyword: return "true"
        case .falseKeyword: return "false"
        case .nullKeyword: return "null"
        case .inKeyword: return "in"
        case .plus: return "+"
        case .minus: return "-"
        case .star: return "*"
        case .slash: return "/"
        case .percent: return "%"
        case .equal: return "=="
        case .notEqual: return "!="
        case .less: return "<"
        case .lessEqual: return "<="
        case .greater: return ">"
        case .greaterEqual: return ">="
        case .and: return "&&"
        case .or: return "||"
        case .not: return "!"
        case .question: return "?"
        case .colon: return ":"
        case .dot: return "."
        case .comma: return ","
        case .leftParen: return "("
        case .rightParen: return ")"
        case .leftBracket: return "["
        case .rightBracket: return "]"
        case .leftBrace: return "{"
        case .rightBrace: return "}"
        case .endOfInput: return "end of input"
        }
    }
}
