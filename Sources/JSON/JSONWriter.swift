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
        var output: [UInt8] = []
        write(value, layout: layout, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the JSON text of `value` (no trailing newline) to UTF-8 `output`.
    package static func write(_ value: JSONValue, layout: Layout = .pretty(indent: 2), into output: inout [UInt8]) {
        // Bytes, not a String: appending to a String checks and re-validates at every piece.
        write(value, layout: layout, depth: 0, into: &output)
    }

    /// The JSON string literal for `text`.
    package static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        appendQuoted(text, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The shortest text that reads back as exactly `value` (`0.1`, `73.2`, `1e+100`), `-0` as `-0.0`.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return "\(value)"
    }

    /// `value` as written inside `depth` containers (its own lines indented one more).
    static func write(_ value: JSONValue, layout: Layout, depth: Int, into output: inout [UInt8]) {
        switch value {
        case .null: append("null", to: &output)
        case .bool(let flag): append(flag ? "true" : "false", to: &output)
        case .int(let number): appendInteger(number, to: &output)
        case .double(let number): append(Self.number(number), to: &output)
        case .literal(let number): append(number.text, to: &output)
        case .string(let text): appendQuoted(text, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else { append("[]", to: &output); return }
            output.append(UInt8(ascii: "["))
            for index in elements.indices {
                if index > elements.startIndex { output.append(UInt8(ascii: ",")) }
                newline(layout, depth: depth + 1, into: &output)
                write(elements[index], layout: layout, depth: depth + 1, into: &output)
            }
            newline(layout, depth: depth, into: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else { append("{}", to: &output); return }
            output.append(UInt8(ascii: "{"))
            for index in 0..<object.count {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(layout, depth: depth + 1, into: &output)
                appendQuoted(object.keys[index], into: &output)
                output.append(UInt8(ascii: ":"))
                if layout != .compact { output.append(UInt8(ascii: " ")) }
                write(object.values[index], layout: layout, depth: depth + 1, into: &output)
            }
            newline(layout, depth: depth, into: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func append(_ text: String, to output: inout [UInt8]) {
        output.append(contentsOf: text.utf8)
    }

    /// Decimal digits of `number`, as `String(number)` writes them.
    static func appendInteger(_ number: Int64, to output: inout [UInt8]) {
        if number < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            output.append(contentsOf: buffer[(20 - count)...])
        }
    }

    private static func newline(_ layout: Layout, depth: Int, into output: inout [UInt8]) {
        guard case .pretty(let indent) = layout else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * depth))
    }

    static func appendQuoted(_ text: String, into output: inout [UInt8]) {
        // The text's own bytes when it has them, without a copy.
        if text.utf8.withContiguousStorageIfAvailable({ appendQuoted(bytes: $0, into: &output) }) == nil {
            var text = text
            text.withUTF8 { appendQuoted(bytes: $0, into: &output) }
        }
    }

    /// UTF-8 `bytes` in quotes, escaped. Most texts (ids, times, states) need no escape: one scan
    /// tells, and they go in whole.
    private static func appendQuoted(bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        guard isPlain(bytes) else {
            output.append(UInt8(ascii: "\""))
            appendEscaped(bytes, into: &output)
            output.append(UInt8(ascii: "\""))
            return
        }
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: bytes)
        output.append(UInt8(ascii: "\""))
    }

    /// Whether UTF-8 `bytes` go into a JSON string as they are (no quote, backslash or control
    /// character to escape).
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
        return true
    }

    /// UTF-8 `bytes` with JSON's escapes.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        // Only ASCII bytes are escaped; every byte of a multi-byte scalar is 0x80 or above,
        // so runs of other bytes (most often the whole text) are copied in one piece.
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            index += 1
            runStart = index
            switch byte {
            case UInt8(ascii: "\""): append("\\\"", to: &output)
            case UInt8(ascii: "\\"): append("\\\\", to: &output)
            case UInt8(ascii: "\n"): append("\\n", to: &output)
            case UInt8(ascii: "\r"): append("\\r", to: &output)
            case UInt8(ascii: "\t"): append("\\t", to: &output)
            case 0x08: append("\\b", to: &output)
            case 0x0C: append("\\f", to: &output)
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex, to: &output)
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
}
