/// Decodes the content of a string or bytes literal (langdef "String and Bytes Values") into
/// UTF-8 bytes: escapes are interpreted unless the literal is raw; `\x` and octal escapes are
/// code points in strings and octets in bytes.
struct CELEscapeDecoder {
    struct Problem: Error {
        var message: String
        var offset: Int
        var length: Int
    }

    private let content: ArraySlice<Unicode.Scalar>
    private let baseOffset: Int
    private let raw: Bool
    private let bytes: Bool

    init(content: ArraySlice<Unicode.Scalar>, baseOffset: Int, raw: Bool, bytes: Bool) {
        self.content = content
        self.baseOffset = baseOffset
        self.raw = raw
        self.bytes = bytes
    }

    mutating func decode() throws(Problem) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(content.count)
        var index = content.startIndex
        while index < content.endIndex {
            let scalar = content[index]
            guard scalar == "\\" && !raw else {
                append(scalar, to: &output)
                index += 1
                continue
            }
            let escapeStart = index
            index += 1
            guard index < content.endIndex else {
                throw problem("incomplete escape sequence", escapeStart, index)
            }
            let code = content[index]
            index += 1
            switch code {
            case "a": output.append(0x07)
            case "b": output.append(0x08)
            case "f": output.append(0x0C)
            case "n": output.append(0x0A)
            case "r": output.append(0x0D)
            case "t": output.append(0x09)
            case "v": output.append(0x0B)
            case "\\", "?", "\"", "'", "`": append(code, to: &output)
            case "x", "X", "u", "U":
                index = try decodeHexEscape(code, from: index, escapeStart: escapeStart, into: &output)
            case "0"..."3":
                guard let value = octalValue(first: code, from: index) else {
                    throw problem("invalid octal escape sequence; expected three octal digits",
                                  escapeStart, min(index + 2, content.endIndex))
                }
                index += 2
                if bytes {
                    output.append(UInt8(value))
                } else if let decoded = Unicode.Scalar(value) {
                    append(decoded, to: &output)
                }
            default:
                throw problem("invalid escape sequence '\\\(code.escapedForMessage)'", escapeStart, index)
            }
        }
        return output
    }

    /// `\xHH`, `\uHHHH` and `\UHHHHHHHH` whose digits start at `index`: appends what the
    /// escape stands for and returns the index after its digits.
    private func decodeHexEscape(_ code: Unicode.Scalar, from index: Int, escapeStart: Int,
                                 into output: inout [UInt8]) throws(Problem) -> Int {
        let width = code == "x" || code == "X" ? 2 : code == "u" ? 4 : 8
        guard let value = hexValue(from: index, width: width) else {
            throw problem("invalid escape sequence: '\\\(code)' needs \(width) hexadecimal digits",
                          escapeStart, min(index + width, content.endIndex))
        }
        let end = index + width
        if bytes && (code == "x" || code == "X") {
            output.append(UInt8(value))
        } else if bytes && code == "U" {
            throw problem("'\\U' escapes are not allowed in bytes literals", escapeStart, end)
        } else {
            guard let decoded = Unicode.Scalar(value) else {
                throw problem("invalid Unicode code point in escape sequence", escapeStart, end)
            }
            append(decoded, to: &output)
        }
        return end
    }

    private func append(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        // Byte by byte: no array of the scalar's bytes is made for each character of a literal.
        UTF8.encode(scalar) { output.append($0) }
    }

    private func hexValue(from start: Int, width: Int) -> UInt32? {
        guard start + width <= content.endIndex else { return nil }
        var value: UInt32 = 0
        for scalar in content[start..<(start + width)] {
            guard scalar.isHexDigit, let digit = UInt32(String(scalar), radix: 16) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    private func octalValue(first: Unicode.Scalar, from start: Int) -> UInt32? {
        guard start + 2 <= content.endIndex else { return nil }
        var value = first.value - 0x30
        for scalar in content[start..<(start + 2)] {
            guard ("0"..."7").contains(scalar) else { return nil }
            value = value * 8 + (scalar.value - 0x30)
        }
        return value
    }

    private func problem(_ message: String, _ start: Int, _ end: Int) -> Problem {
        let startOffset = baseOffset + (start - content.startIndex)
        return Problem(message: message, offset: startOffset, length: max(1, end - start))
    }
}
