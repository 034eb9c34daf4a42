import CEL
import RuleModel

/// Canonical texts of typed rule values, for `RuleEntry`: equal values give equal texts, so a
/// change of layout or quoting in the YAML is no change.
package enum RuleFingerprint {
    /// An expression without the spaces that do not change it: runs of white space outside
    /// string literals are dropped, or kept as one space between two word characters.
    package static func expression(_ source: String) -> String {
        var result: [Character] = []
        var quote: Character?
        var escaped = false
        var pendingSpace = false
        for character in source {
            if let open = quote {
                result.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == open { quote = nil }
                continue
            }
            if character.isWhitespace {
                pendingSpace = true
                continue
            }
            if pendingSpace, let last = result.last, isWord(last), isWord(character) { result.append(" ") }
            pendingSpace = false
            if character == "\"" || character == "'" { quote = character }
            result.append(character)
        }
        return String(result)
    }

    private static func isWord(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "."
    }

    package static func expression(_ expression: RuleExpression?) -> String? {
        expression.map { self.expression($0.source) }
    }

    /// Every locale's text in written order.
    package static func text(_ text: LocalizedText?) -> String? {
        text.map { $0.entries.map { ($0.locale ?? "") + "=" + $0.text }.joined(separator: "\u{1F}") }
    }

    package static func value(_ value: CELValue?) -> String? {
        value.map(describe)
    }

    /// A deterministic text of a value (map entries in written order, as YAML gave them).
    private static func describe(_ value: CELValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): "b:\(b)"
        case .int(let i): "i:\(i)"
        case .uint(let u): "u:\(u)"
        case .double(let d): "d:\(d)"
        case .string(let s): "s:\(s.debugDescription)"
        case .bytes(let b): "y:\(b)"
        case .list(let list): "[" + list.array.map(describe).joined(separator: ",") + "]"
        case .map(let map): "{" + map.entries.map { describe($0.key) + ":" + describe($0.value) }.joined(separator: ",") + "}"
        case .timestamp(let t): "t:\(t.seconds).\(t.nanos)"
        case .duration(let d): "p:\(d.seconds).\(d.nanos)"
        case .type(let t): "type:\(t.description)"
        case .optional(let inner): "opt:" + (inner.map(describe) ?? "none")
        case .error: "error"
        }
    }

    package static func timestamp(_ value: CELTimestamp?) -> String {
        value.map { "\($0.seconds).\($0.nanos)" } ?? "-"
    }
}
