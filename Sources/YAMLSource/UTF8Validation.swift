/// Strict UTF-8 validation that says where the first bad byte is (the standard library only
/// says whether the whole input is valid).
enum UTF8Validation {
    /// Offset of the first byte that does not belong to a well-formed UTF-8 sequence, or nil.
    /// Rejects overlong forms, surrogates and code points past U+10FFFF.
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { firstInvalidOffset(in: $0) }
    }

    private static func firstInvalidOffset(in bytes: UnsafeRawBufferPointer) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            i = ASCIIRun.end(in: bytes, from: i)
            guard i < n else { break }
            let lead = bytes[i]
            if lead < 0x80 { i += 1; continue }
            let width: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: width = 2
            case 0xE0: width = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: width = 3
            case 0xED: width = 3; high = 0x9F
            case 0xF0: width = 4; low = 0x90
            case 0xF1...0xF3: width = 4
            case 0xF4: width = 4; high = 0x8F
            default: return i
            }
            guard i + width <= n else { return i }
            let second = bytes[i + 1]
            guard second >= low && second <= high else { return i }
            for k in 2..<max(width, 2) where k < width {
                guard bytes[i + k] & 0xC0 == 0x80 else { return i }
            }
            i += width
        }
        return nil
    }
}
