/// Writes a string as a double-quoted CEL string literal. `strings.quote` and value descriptions
/// share it; they differ only in how control characters other than `\n \r \t` are written.
enum CELStringLiteral {
    enum ControlStyle {
        /// `\a \b \f \v` as C escapes, other control characters kept as they are (cel-go's
        /// `strings.quote`).
        case cEscapes
        /// Every other control character below U+0020 as `\xNN` (readable descriptions).
        case hexEscapes
    }

    static func quoted(_ text: String, controls: ControlStyle) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                out += controlEscape(scalar, controls) ?? String(scalar)
            }
        }
        return out + "\""
    }

    private static func controlEscape(_ scalar: Unicode.Scalar, _ style: ControlStyle) -> String? {
        switch style {
        case .cEscapes:
            switch scalar {
            case "\u{07}": return "\\a"
            case "\u{08}": return "\\b"
            case "\u{0C}": return "\\f"
            case "\u{0B}": return "\\v"
            default: return nil
            }
        case .hexEscapes:
            guard scalar.value < 0x20 else { return nil }
            let hex = String(scalar.value, radix: 16)
            return "\\x" + (hex.count < 2 ? "0" + hex : hex)
        }
    }
}
