/// A CEL-literal-like rendering of values, deterministic to the byte (map entries in
/// insertion order, doubles in CEL's shortest form), for explanations and test reports.
extension CELValue: CustomStringConvertible {
    package var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .uint(let u): return "\(u)u"
        case .double(let d):
            let text = CELNumberText.format(d)
            // Keep doubles recognisable as doubles: `2.0`, not `2`.
            if d.isFinite, !text.contains("."), !text.contains("e") { return text + ".0" }
            return text
        case .string(let s): return CELStringLiteral.quoted(s, controls: .hexEscapes)
        case .bytes(let b):
            return "b\"" + b.map { byte in
                (0x20..<0x7f).contains(byte) && byte != 0x22 && byte != 0x5c
                    ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16, uppercase: false).leftPadded(2)
            }.joined() + "\""
        case .list(let list): return "[" + list.map(\.description).joined(separator: ", ") + "]"
        case .map(let map):
            return "{" + map.entries.map { "\($0.key.description): \($0.value.description)" }.joined(separator: ", ") + "}"
        case .timestamp(let t): return "timestamp(\"\(t.rfc3339(offsetSeconds: 0))\")"
        case .duration(let d): return "duration(\"\(d.celString)\")"
        case .type(let t): return t.runtimeName
        case .optional(let wrapped): return wrapped.map { "optional.of(\($0.description))" } ?? "optional.none()"
        case .error(let e): return "error(\(e.message))"
        }
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
