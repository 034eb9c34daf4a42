/// Strings and numbers: the scanners of the two literals whose bytes need reading one by one.
extension JSONParser {
    /// A string's bytes between its quotes, as found by `scanString`.
    struct RawString {
        /// The bytes as written (escapes not yet read).
        let bytes: UnsafeBufferPointer<UInt8>
        /// Where they start in the document (for messages).
        let start: Int
        /// Whether there is a backslash.
        let escaped: Bool
        /// Whether every byte is below 0x80: such bytes are valid UTF-8 as they are.
        let ascii: Bool
    }

    /// Finds the end of the string at `position` (the opening quote) and moves past it,
    /// refusing raw control characters; the text is made by `string(_:)`.
    mutating func scanString() throws(JSONParseError) -> RawString {
        let start = position + 1
        // A local index: `position` lives in `self`, which the loop would store on every byte.
        var index = start
        var escaped = false
        var highBits: UInt8 = 0
        // Eight plain bytes at a time: most strings (keys, types, timestamps) are all plain.
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let flags = Self.endOrLookFlags(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
                if flags == 0 {
                    index += 8
                    continue
                }
                // The lowest flag is exact (false alarms only come after a true one): when it is
                // the closing quote, every byte before it is plain and the string ends there.
                let first = index + flags.trailingZeroBitCount / 8
                if bytes[first] == UInt8(ascii: "\"") {
                    position = first + 1
                    return RawString(bytes: UnsafeBufferPointer(rebasing: bytes[start..<first]), start: start,
                                     escaped: false, ascii: true)
                }
                index = first
                break
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 {
                position = index
                throw error("control character in a string; write it as an escape such as \\n")
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 1
            }
            highBits |= byte
            index += 1
        }
        position = index
        guard index < bytes.count else { throw error("unterminated string") }
        let end = index
        position = index + 1
        return RawString(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]), start: start, escaped: escaped,
                         ascii: highBits < 0x80)
    }

    /// The high bit of each of the eight bytes of `word` (little-endian: the first byte lowest)
    /// that may be a quote, a backslash, a control character or not ASCII (the classic "has a
    /// zero byte" bit trick: the lowest flag is always right, later ones may be false alarms,
    /// which only send those bytes through the byte loop).
    @inline(__always)
    static func endOrLookFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let quote = (quotes &- ones) & ~quotes
        let backslash = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (quote | backslash | control | word) & highs
    }

    /// The text of a scanned string: ASCII without escapes is taken as it is, other bytes are
    /// validated as UTF-8, escapes are read.
    func string(_ raw: RawString) throws(JSONParseError) -> String {
        if raw.escaped { return try unescape(raw.start..<(raw.start + raw.bytes.count)) }
        if raw.ascii { return String(decoding: raw.bytes, as: UTF8.self) }
        guard let text = String(validating: raw.bytes, as: UTF8.self) else {
            throw error("invalid UTF-8 in a string", at: raw.start)
        }
        return text
    }

    func unescape(_ range: Range<Int>) throws(JSONParseError) -> String {
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
            // A backslash is never the last byte: the closing quote would be escaped.
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
                output.append(contentsOf: scalar.utf8)
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'", at: index - 2)
            }
        }
        guard let text = String(validating: output, as: UTF8.self) else {
            throw error("invalid UTF-8 in a string", at: range.lowerBound)
        }
        return text
    }

    func hex4(at index: Int) throws(JSONParseError) -> UInt32 {
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


    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("a number needs digits after '-'") }
        if bytes[position] == UInt8(ascii: "0"), position + 1 < bytes.count, isDigit(bytes[position + 1]) {
            throw error("numbers cannot have leading zeros")
        }
        // The integer part's value, exact up to 18 digits (wrapped beyond, and then not used).
        let digitsStart = position
        var magnitude: Int64 = 0
        while position < bytes.count, isDigit(bytes[position]) {
            magnitude = magnitude &* 10 &+ Int64(bytes[position] &- UInt8(ascii: "0"))
            position += 1
        }
        let digitCount = position - digitsStart
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
        // Up to 18 digits fit Int64, and without leading zeros the text is how `.int` writes
        // them, except `-0`.
        if isInteger, digitCount <= 18, !(negative && magnitude == 0) {
            return .int(negative ? -magnitude : magnitude)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isInteger, let value = Int64(text) {
            return String(value) == text ? .int(value) : .literal(JSONNumberLiteral(text: text, integer: value, double: Double(value)))
        }
        guard let value = Double(text), value.isFinite else { throw error("number out of range", at: start) }
        // Kept as written when the shortest round-trip form differs, so that write-back is exact.
        return JSONWriter.number(value) == text ? .double(value) : .literal(JSONNumberLiteral(text: text, integer: nil, double: value))
    }
}
