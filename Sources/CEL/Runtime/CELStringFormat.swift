import Foundation

/// `string.format(list)` of cel-go's strings extension: printf-style clauses
/// `%[.precision]verb` with the verbs `s d f e b o x X` and `%%` for a percent sign.
///
/// Fixed-point and scientific output goes through the C library's `vsnprintf`, which rounds
/// exactly (ties to even on exactly representable halves, `"%.0f"` of 2.5 is `2`), like Go.
enum CELStringFormat {
    static func format(_ template: String, _ arguments: [CELValue]) -> CELValue {
        var out = ""
        var scalars = template.unicodeScalars[...]
        var nextArgument = 0
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else {
                out.unicodeScalars.append(scalar)
                continue
            }
            if scalars.first == "%" {
                scalars.removeFirst()
                out += "%"
                continue
            }
            var precision: Int?
            if scalars.first == "." {
                scalars.removeFirst()
                var digits = ""
                while let digit = scalars.first, ("0"..."9").contains(digit) {
                    digits.unicodeScalars.append(digit)
                    scalars.removeFirst()
                }
                // Beyond a few hundred digits a double has nothing more to show.
                guard let value = Int(digits), value <= 1000 else {
                    return clauseError("precision must be a number of at most 1000 digits")
                }
                precision = value
            }
            guard let verb = scalars.popFirst() else { return clauseError("missing formatting verb") }
            guard "sdfeboxX".unicodeScalars.contains(verb) else {
                return clauseError("unrecognized formatting clause \"\(verb)\"")
            }
            guard nextArgument < arguments.count else {
                return .error(CELError(.invalidArgument, "index \(nextArgument) out of range"))
            }
            let argument = arguments[nextArgument]
            nextArgument += 1
            if case .error = argument { return argument }
            switch clause(verb, precision: precision, argument) {
            case .success(let text): out += text
            case .failure(let error):
                return .error(CELError(.invalidArgument, "error during formatting: \(error.message)"))
            }
        }
        return .string(out)
    }

    private static func clauseError(_ message: String) -> CELValue {
        .error(CELError(.invalidArgument, "could not parse formatting clause: \(message)"))
    }

    private static func clause(_ verb: Unicode.Scalar, precision: Int?, _ value: CELValue)
        -> Result<String, CELError> {
        switch verb {
        case "s": return plain(value)
        case "d": return decimal(value)
        case "f": return floating(value, style: "f", precision: precision ?? 6, clauseName: "fixed-point")
        case "e": return floating(value, style: "e", precision: precision ?? 6, clauseName: "scientific")
        case "b": return integer(value, radix: 2, uppercase: false,
                                 allowsBool: true, message: "only integers and bools can be formatted as binary")
        case "o": return integer(value, radix: 8, uppercase: false,
                                 allowsBool: false, message: "octal clause can only be used on integers")
        default: return hex(value, uppercase: verb == "X")
        }
    }

    private static func failure(_ message: String, _ value: CELValue) -> Result<String, CELError> {
        .failure(CELError(.invalidArgument, "\(message), was given \(value.typeName)"))
    }

    /// `%s`: strings as they are, other values as text; lists and maps element by element,
    /// map entries sorted by their key's text (cel-go's order).
    static func plain(_ value: CELValue) -> Result<String, CELError> {
        switch value {
        case .null: return .success("null")
        case .bool(let b): return .success(b ? "true" : "false")
        case .int(let i): return .success(String(i))
        case .uint(let u): return .success(String(u))
        case .double(let d): return .success(plainDecimal(d))
        case .string(let s): return .success(s)
        case .bytes(let b): return .success(validText(b))
        case .timestamp(let t): return .success(t.rfc3339(offsetSeconds: 0))
        case .duration(let d): return .success(d.celString)
        case .type(let t): return .success(t.runtimeName)
        case .list(let list):
            var parts: [String] = []
            for element in list {
                switch plain(element) {
                case .success(let text): parts.append(text)
                case .failure(let error): return .failure(error)
                }
            }
            return .success("[" + parts.joined(separator: ", ") + "]")
        case .map(let map):
            var entries: [(key: String, value: String)] = []
            for (key, entryValue) in map.entries {
                switch (plain(key), plain(entryValue)) {
                case (.success(let k), .success(let v)): entries.append((k, v))
                case (.failure(let error), _), (_, .failure(let error)): return .failure(error)
                }
            }
            entries.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return .success("{" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}")
        case .optional: return .success(value.description)
        case .error(let error): return .failure(error)
        }
    }

    /// Bytes as UTF-8 text, each run of invalid bytes replaced by one U+FFFD (the spec's rule,
    /// Go's `strings.ToValidUTF8`), where Swift's decoding would put one per invalid subsequence.
    static func validText(_ bytes: [UInt8]) -> String {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var out = String.UnicodeScalarView()
        var afterInvalid = false
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                out.append(scalar)
                afterInvalid = false
            case .error:
                if !afterInvalid { out.append("\u{FFFD}") }
                afterInvalid = true
            case .emptyInput:
                return String(out)
            }
        }
    }

    /// A double in base 10 without an exponent and without insignificant zeros (`2.5`, `100`,
    /// `0.00001`); NaN and the infinities by name.
    static func plainDecimal(_ d: Double) -> String {
        if let special = special(d) { return special }
        let shortest = CELNumberText.format(d)
        guard let e = shortest.firstIndex(of: "e") else { return shortest }
        // Expand `d.ddde±xx`, keeping exactly the shortest round-tripping digits.
        let negative = shortest.hasPrefix("-")
        let mantissa = shortest[shortest.index(shortest.startIndex, offsetBy: negative ? 1 : 0)..<e]
        let exponent = Int(shortest[shortest.index(after: e)...]) ?? 0
        let digits = mantissa.filter { $0 != "." }
        let point = 1 + exponent
        var text: String
        if point <= 0 {
            text = "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            text = digits + String(repeating: "0", count: point - digits.count)
        } else {
            text = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        }
        if negative { text = "-" + text }
        return text
    }

    private static func special(_ d: Double) -> String? {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        return nil
    }

    private static func decimal(_ value: CELValue) -> Result<String, CELError> {
        switch value {
        case .int(let i): return .success(String(i))
        case .uint(let u): return .success(String(u))
        case .double(let d):
            if let special = special(d) { return .success(special) }
            return failure("decimal clause can only be used on integers", value)
        default: return failure("decimal clause can only be used on integers", value)
        }
    }

    private static func floating(_ value: CELValue, style: String, precision: Int, clauseName: String)
        -> Result<String, CELError> {
        let d: Double
        switch value {
        case .double(let x): d = x
        case .int(let i): d = Double(i)
        case .uint(let u): d = Double(u)
        default: return failure("\(clauseName) clause can only be used on doubles", value)
        }
        if let special = special(d) { return .success(special) }
        return .success(printed(d, "%.\(precision)" + style))
    }

    /// `vsnprintf` into a buffer of the size it asks for.
    private static func printed(_ d: Double, _ format: String) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let needed = withVaList([d]) { vsnprintf(&buffer, buffer.count, format, $0) }
        if needed >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
            _ = withVaList([d]) { vsnprintf(&buffer, buffer.count, format, $0) }
        }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func integer(_ value: CELValue, radix: Int, uppercase: Bool, allowsBool: Bool,
                                message: String) -> Result<String, CELError> {
        switch value {
        case .int(let i): return .success(String(i, radix: radix, uppercase: uppercase))
        case .uint(let u): return .success(String(u, radix: radix, uppercase: uppercase))
        case .bool(let b) where allowsBool: return .success(b ? "1" : "0")
        default: return failure(message, value)
        }
    }

    /// `%x`/`%X`: integers in base 16, strings and bytes as the hex of their bytes.
    private static func hex(_ value: CELValue, uppercase: Bool) -> Result<String, CELError> {
        let bytes: [UInt8]
        switch value {
        case .string(let s): bytes = Array(s.utf8)
        case .bytes(let b): bytes = b
        default:
            return integer(value, radix: 16, uppercase: uppercase, allowsBool: false,
                           message: "only integers, byte buffers, and strings can be formatted as hex")
        }
        let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").unicodeScalars)
        var out = String.UnicodeScalarView()
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return .success(String(out))
    }
}
