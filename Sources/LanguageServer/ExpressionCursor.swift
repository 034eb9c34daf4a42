import CEL
import RuleModel

/// An expression being written, with the cursor in it: the word before the cursor, and what it
/// follows (a `.` after a receiver, the inside of a string). The receiver's type comes from
/// checking the expression with a placeholder at the cursor, closing what is left open.
struct ExpressionCursor {
    static let placeholder = "rulecheck_cursor_"

    let scalars: [Unicode.Scalar]
    let offset: Int
    /// Where the word being written starts.
    let wordStart: Int

    init(source: String, offset: Int) {
        scalars = Array(source.unicodeScalars)
        self.offset = min(max(offset, 0), scalars.count)
        var start = self.offset
        while start > 0, Self.isWordScalar(scalars[start - 1]) { start -= 1 }
        wordStart = start
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
    }

    var word: String { String(String.UnicodeScalarView(scalars[wordStart..<offset])) }

    /// Whether the word follows a `.`: a field, key or method of a receiver.
    var followsDot: Bool { wordStart > 0 && scalars[wordStart - 1] == "." }

    /// The text before the cursor, when the cursor is inside a string literal.
    var textBeforeOpenString: String? {
        var quote: Unicode.Scalar?
        var quoteStart = 0
        var index = 0
        while index < offset {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == "\\" { index += 1 } else if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
                quoteStart = index
            }
            index += 1
        }
        guard quote != nil else { return nil }
        return String(String.UnicodeScalarView(scalars[..<quoteStart]))
    }

    /// The expression parsed with the placeholder for the word: as written after the cursor,
    /// else cut at the cursor with its open brackets closed.
    func parsedWithPlaceholder() -> CELAST? {
        let head = String(String.UnicodeScalarView(scalars[..<wordStart])) + Self.placeholder
        var wordEnd = offset
        while wordEnd < scalars.count, Self.isWordScalar(scalars[wordEnd]) { wordEnd += 1 }
        let tail = String(String.UnicodeScalarView(scalars[wordEnd...]))
        for candidate in [head + tail, head + Self.closers(of: head)] {
            if let ast = try? CELEnvironment().parse(candidate).get() { return ast }
        }
        return nil
    }

    /// The brackets left open in `text`, closed innermost first (strings skipped).
    static func closers(of text: String) -> String {
        var open: [Unicode.Scalar] = []
        var quote: Unicode.Scalar?
        var escaped = false
        for scalar in text.unicodeScalars {
            if let current = quote {
                if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == current { quote = nil }
                continue
            }
            switch scalar {
            case "\"", "'": quote = scalar
            case "(": open.append(")")
            case "[": open.append("]")
            case "{": open.append("}")
            case ")", "]", "}": if !open.isEmpty { open.removeLast() }
            default: break
            }
        }
        return String(String.UnicodeScalarView(open.reversed()))
    }

    /// The placeholder's node in `ast`: its receiver (for `x.placeholder`) and the
    /// comprehension variables bound where it is.
    static func placeholderSite(in ast: CELAST) -> (receiver: CELExpr?, bound: Set<String>)? {
        var found: (CELExpr?, Set<String>)?
        ast.root.walk { node, bound in
            guard found == nil else { return .skipChildren }
            switch node.kind {
            case .select(let operand, placeholder, _): found = (operand, bound)
            case .ident(placeholder): found = (nil, bound)
            default: break
            }
            return .descend
        }
        return found
    }
}
