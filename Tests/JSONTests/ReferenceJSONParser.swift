import JSON

/// The parser as it was before its fast paths (commit c9f5c3e), kept verbatim as an oracle:
/// `JSONParserEquivalenceTests` checks that `JSONParser` gives the same value or the same error.
struct ReferenceJSONParser {
    /// The deepest nesting accepted.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var lineStart = 0
    private var path: [JSONPath.Component] = []
    /// The key arrays of the last few distinct objects parsed, for sharing (see `parseObject`).
    private var recentKeys: [[String]] = []

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON document (surrounding whitespace allowed, a UTF-8 byte order mark skipped).
    static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = ReferenceJSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            parser.position = 3
            parser.lineStart = 3
        }
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.position < bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the document")
        }
        return value
    }

    /// Parses one JSON document from text.
    static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    // MARK: values

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of input; expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(JSONObject())
        }
        // Events of one kind repeat their keys: while the keys follow those of a recent object
        // (`shared`), none is stored and the object takes that array; `keys` is built only
        // when they part.
        var shared: [String]?
        var keys: [String] = []
        var values: [JSONValue] = []
        // Objects are small (an event has a few keys): a linear look beats hashing every key.
        var seen: Set<String>?
        while true {
            skipWhitespace()
            let (key, keyStart) = try parseKey()
            let count = values.count
            if count == 0, let recent = recentKeys.first(where: { $0.first == key }) {
                shared = recent
                values.reserveCapacity(recent.count)
            } else if let candidate = shared, count >= candidate.count || candidate[count] != key {
                keys = Array(candidate[..<count])
                shared = nil
            }
            // A key that follows `shared` (whose keys are unique) repeats none before it.
            if shared == nil {
                guard !Self.repeats(key, in: keys, seen: &seen) else {
                    // Strings hold no raw newlines, so the key starts on the current line.
                    throw JSONParseError(message: "duplicate key \(JSONWriter.quoted(key))", line: line,
                                         column: column(of: keyStart), path: JSONPath(path + [.key(key)]))
                }
                keys.append(key)
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipWhitespace()
            path.append(.key(key))
            values.append(try parseValue(depth: depth))
            path.removeLast()
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input; expected ',' or '}'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(objectEnding(shared: shared, keys: keys, values: values))
            }
            throw error("unexpected \(describeCurrent()); expected ',' or '}'")
        }
    }

    /// An object's key in double quotes, and where it starts.
    private mutating func parseKey() throws(JSONParseError) -> (key: String, start: Int) {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw error(position < bytes.count
                ? "unexpected \(describeCurrent()); expected a key in double quotes"
                : "unexpected end of input; expected a key")
        }
        let start = position
        return (try parseString(), start)
    }

    /// Whether `key` is among `keys`; once there are several, a set of them is kept in `seen`.
    private static func repeats(_ key: String, in keys: [String], seen: inout Set<String>?) -> Bool {
        if var unique = seen {
            let repeated = !unique.insert(key).inserted
            seen = unique
            return repeated
        }
        if keys.count >= 8 { seen = Set(keys + [key]) }
        return keys.contains(key)
    }

    /// The parsed object, its keys shared with an equal recent object's when there is one.
    private mutating func objectEnding(shared: [String]?, keys: [String], values: [JSONValue]) -> JSONObject {
        if let shared, shared.count == values.count { return JSONObject(sharedKeys: shared, values: values) }
        let keys = shared.map { Array($0[..<values.count]) } ?? keys
        if let recent = recentKeys.first(where: { $0 == keys }) { return JSONObject(sharedKeys: recent, values: values) }
        if recentKeys.count == 4 { recentKeys.removeFirst() }
        recentKeys.append(keys)
        return JSONObject(sharedKeys: keys, values: values)
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            path.append(.index(elements.count))
            elements.append(try parseValue(depth: depth))
            path.removeLast()
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input; expected ',' or ']'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            throw error("unexpected \(describeCurrent()); expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        position += 1
        let start = position
        var hasEscape = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw error("control character in a string; write it as an escape such as \\n") }
            if byte == UInt8(ascii: "\\") {
                hasEscape = true
                position += 1
            }
            position += 1
        }
        guard position < bytes.count else { throw error("unterminated string") }
        let end = position
        position += 1
        if !hasEscape {
            guard let text = String(validating: bytes[start..<end], as: UTF8.self) else {
                throw error("invalid UTF-8 in a string", at: start)
            }
            return text
        }
        return try unescape(start..<end)
    }

    private func unescape(_ range: Range<Int>) throws(JSONParseError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4(at: index)
                index += 4
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 1 < range.upperBound, bytes[index] == UInt8(ascii: "\\"),
                          bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate \\u\(String(code, radix: 16, uppercase: true))", at: index - 6)
                    }
                    let low = try hex4(at: index + 2)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error("unpaired surrogate \\u\(String(code, radix: 16, uppercase: true))", at: index - 6)
                    }
                    index += 6
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw error("unpaired surrogate \\u\(String(code, radix: 16, uppercase: true))", at: index - 6)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape", at: index - 6) }
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'", at: index - 2)
            }
        }
        guard let text = String(validating: output, as: UTF8.self) else {
            throw error("invalid UTF-8 in a string", at: range.lowerBound)
        }
        return text
    }

    private func hex4(at index: Int) throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("\\u needs four hex digits", at: index - 2) }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("\\u needs four hex digits", at: index - 2)
            }
            value = value * 16 + digit
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("a number needs digits after '-'") }
        if bytes[position] == UInt8(ascii: "0"), position + 1 < bytes.count, isDigit(bytes[position + 1]) {
            throw error("numbers cannot have leading zeros")
        }
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("a digit must follow the decimal point") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("an exponent needs digits") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let value = Int64(text) {
            return String(value) == text ? .int(value) : .literal(JSONNumberLiteral(text: text, integer: value, double: Double(value)))
        }
        guard let value = Double(text), value.isFinite else { throw error("number out of range", at: start) }
        // Kept as written when the shortest round-trip form differs, so that write-back is exact.
        return JSONWriter.number(value) == text ? .double(value) : .literal(JSONNumberLiteral(text: text, integer: nil, double: value))
    }

    // MARK: lexical helpers

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                position += 1
            case UInt8(ascii: "\n"):
                position += 1
                line += 1
                lineStart = position
            default:
                return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONParseError) {
        guard position < bytes.count, bytes[position] == byte else {
            throw error(position < bytes.count ? "unexpected \(describeCurrent()); expected \(what)"
                                               : "unexpected end of input; expected \(what)")
        }
        position += 1
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
        let expected = word.withUTF8Buffer { Array($0) }
        guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected
        else { throw error("unexpected \(describeCurrent()); expected a value") }
        position += expected.count
    }

    private func describeCurrent() -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// Column in Unicode scalars: UTF-8 continuation bytes do not start a new column.
    private func column(of offset: Int) -> Int {
        var column = 1
        var index = lineStart
        while index < offset, index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(message: message, line: line, column: column(of: offset ?? position), path: JSONPath(path))
    }
}
