/// Writes `JSONValue`s deterministically: keys in their stored order, minimal escaping
/// (`"`, `\`, control characters; everything else as UTF-8), integers without `.0`, doubles in
/// their shortest round-trip form, non-finite doubles as `null` (JSON has no NaN).
package enum JSONWriter {
    /// How the text is laid out.
    package enum Layout: Sendable, Hashable {
        /// One line, no spaces.
        case compact
        /// One entry per line, indented by `indent` spaces, `": "` after keys; empty
        /// containers stay `{}` / `[]`.
        case pretty(indent: Int)
    }

    /// The JSON text of `value` (no trailing newline).
    package static func write(_ value: JSONValue, layout: Layout = .pretty(indent: 2)) -> String {
        var output = ""
        write(value, layout: layout, depth: 0, into: &output)
        return output
    }

    /// The JSON string literal for `text`.
    package static func quoted(_ text: String) -> String {
        var output = ""
        appendQuoted(text, into: &output)
        return output
    }

    /// The shortest text that reads back as exactly `value` (`0.1`, `73.2`, `1e+100`), `-0` as `-0.0`.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return "\(value)"
    }

    private static func write(_ value: JSONValue, layout: Layout, depth: Int, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .double(let number): output += Self.number(number)
        case .literal(let number): output += number.text
        case .string(let text): appendQuoted(text, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                newline(layout, depth: depth + 1, into: &output)
                write(element, layout: layout, depth: depth + 1, into: &output)
            }
            newline(layout, depth: depth, into: &output)
            output += "]"
        case .object(let object):
            guard !object.isEmpty else { output += "{}"; return }
            output += "{"
            for index in 0..<object.count {
                if index > 0 { output += "," }
                newline(layout, depth: depth + 1, into: &output)
                appendQuoted(object.keys[index], into: &output)
                output += layout == .compact ? ":" : ": "
                write(object.values[index], layout: layout, depth: depth + 1, into: &output)
            }
            newline(layout, depth: depth, into: &output)
            output += "}"
        }
    }

    private static func newline(_ layout: Layout, depth: Int, into output: inout String) {
        guard case .pretty(let indent) = layout else { return }
        output += "\n"
        output += String(repeating: " ", count: indent * depth)
    }

    private static func appendQuoted(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
