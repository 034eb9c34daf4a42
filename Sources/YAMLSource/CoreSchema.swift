/// YAML 1.2 core schema typing of scalars (never YAML 1.1: `yes`, `no`, `on`, `off`, `y`, `n`
/// and `1:20` are strings, `017` is 17).
enum CoreSchema {
    /// What a scalar resolves to, or why a value that looks typed cannot be represented.
    enum Resolution: Equatable {
        case value(YAMLScalarValue)
        /// Integer syntax whose value does not fit in 64 bits.
        case integerOutOfRange
        /// An explicit scalar tag (`!!int`, `!!bool`, ...) whose text is not of that type.
        case invalidForTag(String)
    }

    static let strTag = "!!str", intTag = "!!int", floatTag = "!!float", boolTag = "!!bool", nullTag = "!!null"

    /// Resolves a scalar by its explicit tag, else (plain only) by the core schema's patterns.
    /// Unknown tags (`!x`) leave the text a string; the rules layer reports such tags.
    static func resolve(text: String, style: ScalarStyle, tag: String?) -> Resolution {
        if let tag {
            switch tag {
            case strTag: return .value(.string(text))
            case intTag:
                if case .value(.int(let n)) = resolveInt(text) { return .value(.int(n)) }
                if resolveInt(text) == .integerOutOfRange { return .integerOutOfRange }
                return .invalidForTag(tag)
            case floatTag:
                if case .value(let v) = resolveInt(text), case .int(let n) = v { return .value(.double(Double(n))) }
                if let d = resolveFloat(text) { return .value(.double(d)) }
                return .invalidForTag(tag)
            case boolTag:
                if let b = resolveBool(text) { return .value(.bool(b)) }
                return .invalidForTag(tag)
            case nullTag:
                if isNull(text) { return .value(.null) }
                return .invalidForTag(tag)
            default:
                return .value(.string(text))
            }
        }
        guard style == .plain else { return .value(.string(text)) }
        // Most scalars are words: only these first bytes can start a null, bool or number.
        guard let first = text.utf8.first else { return .value(.null) }
        switch first {
        case 0x30...0x39, 0x2B, 0x2D, 0x2E, 0x7E, 0x6E, 0x4E, 0x74, 0x54, 0x66, 0x46: break
        default: return .value(.string(text))
        }
        if isNull(text) { return .value(.null) }
        if let b = resolveBool(text) { return .value(.bool(b)) }
        switch resolveInt(text) {
        case .value(let v): return .value(v)
        case .integerOutOfRange: return .integerOutOfRange
        case .invalidForTag: break
        }
        if let d = resolveFloat(text) { return .value(.double(d)) }
        return .value(.string(text))
    }

    static func isNull(_ text: String) -> Bool {
        text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    static func resolveBool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`. Not an int: `.invalidForTag("")`.
    static func resolveInt(_ text: String) -> Resolution {
        withBytes(text) { resolveInt(bytes: $0) }
    }

    /// Runs `body` on the UTF-8 bytes of `text` without copying them when possible.
    private static func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    private static func resolveInt(bytes u: UnsafeBufferPointer<UInt8>) -> Resolution {
        let notInt = Resolution.invalidForTag("")
        guard !u.isEmpty else { return notInt }
        if u.count > 2 && u[0] == 0x30 && (u[1] == 0x6F || u[1] == 0x78) {
            let radix: UInt64 = u[1] == 0x6F ? 8 : 16
            var value: UInt64 = 0
            for byte in u[2...] {
                guard let digit = digitValue(byte), UInt64(digit) < radix else { return notInt }
                let (times, o1) = value.multipliedReportingOverflow(by: radix)
                let (sum, o2) = times.addingReportingOverflow(UInt64(digit))
                if o1 || o2 || sum > UInt64(Int64.max) { return outOfRangeIfDigits(u[2...], radix: radix) }
                value = sum
            }
            return .value(.int(Int64(value)))
        }
        var i = 0
        var negative = false
        if u[0] == 0x2B || u[0] == 0x2D {
            negative = u[0] == 0x2D
            i = 1
        }
        guard i < u.count else { return notInt }
        // Accumulate negatively so Int64.min fits.
        var value: Int64 = 0
        var overflow = false
        while i < u.count {
            let byte = u[i]
            guard byte >= 0x30 && byte <= 0x39 else { return notInt }
            if !overflow {
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (diff, o2) = times.subtractingReportingOverflow(Int64(byte - 0x30))
                if o1 || o2 { overflow = true } else { value = diff }
            }
            i += 1
        }
        if overflow { return .integerOutOfRange }
        if negative { return .value(.int(value)) }
        if value == Int64.min { return .integerOutOfRange }
        return .value(.int(-value))
    }

    private static func outOfRangeIfDigits(_ digits: Slice<UnsafeBufferPointer<UInt8>>, radix: UInt64) -> Resolution {
        for byte in digits {
            guard let digit = digitValue(byte), UInt64(digit) < radix else { return .invalidForTag("") }
        }
        return .integerOutOfRange
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        default: nil
        }
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?.inf` (three spellings), `.nan`.
    static func resolveFloat(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        // The syntax check keeps Swift's parser from accepting forms YAML does not (`0x1p3`, `inf`).
        guard withBytes(text, { isFloatSyntax(bytes: $0) }) else { return nil }
        return Double(text)
    }

    private static func isFloatSyntax(bytes u: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        if i < u.count && (u[i] == 0x2B || u[i] == 0x2D) { i += 1 }
        var integerDigits = 0, fractionDigits = 0
        while i < u.count && isDigit(u[i]) { i += 1; integerDigits += 1 }
        if i < u.count && u[i] == 0x2E {
            i += 1
            while i < u.count && isDigit(u[i]) { i += 1; fractionDigits += 1 }
        }
        guard integerDigits > 0 || fractionDigits > 0 else { return false }
        if i < u.count && (u[i] == 0x65 || u[i] == 0x45) {
            i += 1
            if i < u.count && (u[i] == 0x2B || u[i] == 0x2D) { i += 1 }
            var exponentDigits = 0
            while i < u.count && isDigit(u[i]) { i += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return false }
        }
        return i == u.count
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}

extension YAMLNode {
    /// The scalar's value typed by the YAML 1.2 core schema; nil for sequences and mappings.
    ///
    /// Quoted scalars are always strings; explicit `!!str`/`!!int`/`!!float`/`!!bool`/`!!null` tags
    /// are honoured; an unknown tag such as `!x` leaves the text a string. A value the loader
    /// rejected (an out-of-range integer, `!!int abc`) comes back as its text, a string.
    package var scalarValue: YAMLScalarValue? {
        guard case .scalar(let text, let style) = kind else { return nil }
        if case .value(let value) = CoreSchema.resolve(text: text, style: style, tag: tag) { return value }
        return .string(text)
    }

    /// True for a plain, untagged `yes`, `no`, `on`, `off`, `y` or `n` (any case): booleans in
    /// YAML 1.1, strings here. Lets a boolean field say "write `true`/`false`" instead of
    /// "expected a bool, got a string".
    package var isYAML11Boolean: Bool {
        guard case .scalar(let text, .plain) = kind, tag == nil, text.utf8.count <= 3 else { return false }
        switch text.lowercased() {
        case "yes", "no", "on", "off", "y", "n": return true
        default: return false
        }
    }

    /// The scalar's text whatever its type (`017` gives "017"); nil for collections.
    package var scalarText: String? {
        guard case .scalar(let text, _) = kind else { return nil }
        return text
    }
}
