import Foundation

/// String operations by Unicode code point: Swift's `String` compares by canonical
/// equivalence, CEL by code point, so these work on UTF-8 bytes.
enum CELText {
    @inline(__always)
    static func equal(_ a: String, _ b: String) -> Bool {
        let n = a.utf8.count
        guard n == b.utf8.count else { return false }
        if n == 0 { return true }
        let fast = a.utf8.withContiguousStorageIfAvailable { pa in
            b.utf8.withContiguousStorageIfAvailable { pb in
                guard let x = pa.baseAddress, let y = pb.baseAddress else { return false }
                return memcmp(x, y, n) == 0
            }
        }
        if let fast, let result = fast { return result }
        return a.utf8.elementsEqual(b.utf8)
    }

    static func compare(_ a: String, _ b: String) -> CELValue.Ordering {
        if equal(a, b) { return .equal }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? .less : .greater
    }

    static func hasPrefix(_ s: String, _ prefix: String) -> Bool {
        s.utf8.starts(with: prefix.utf8)
    }

    static func hasSuffix(_ s: String, _ suffix: String) -> Bool {
        s.utf8.count >= suffix.utf8.count && s.utf8.reversed().starts(with: suffix.utf8.reversed())
    }

    static func contains(_ s: String, _ part: String) -> Bool {
        let hay = Array(s.utf8)
        let needle = Array(part.utf8)
        if needle.isEmpty { return true }
        if needle.count > hay.count { return false }
        var i = 0
        while i + needle.count <= hay.count {
            if hay[i] == needle[0], hay[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
