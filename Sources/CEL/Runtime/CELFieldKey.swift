/// A string map key prepared for repeated lookups: its fingerprint is computed once (by the
/// planner for a field name, by the map for its keys), so finding a record field compares
/// integers instead of hashing or comparing strings.
///
/// Keys of up to 15 UTF-8 bytes are packed exactly into the two words (equal fingerprints
/// mean equal strings); longer keys use FNV-1a and are confirmed byte by byte on a match.
struct CELFieldKey: Sendable {
    let name: String
    let fingerprint: Fingerprint

    struct Fingerprint: Sendable, Equatable {
        var low: UInt64
        var high: UInt64

        /// Never produced for a string; marks non-string keys.
        static let nonString = Fingerprint(low: 0, high: 0)
    }

    init(_ name: String) {
        self.name = name
        self.fingerprint = Self.fingerprint(of: name)
    }

    /// Whether equal fingerprints already prove equal strings.
    var isExact: Bool { fingerprint.high & Self.hashedFlag == 0 }

    static let hashedFlag: UInt64 = 1 << 63

    static func fingerprint(of name: String) -> Fingerprint {
        let utf8 = name.utf8
        let count = utf8.count
        if count <= 15 {
            // The length (plus one, so "" differs from `nonString`) sits in the top byte.
            var words: (UInt64, UInt64) = (0, UInt64(count + 1) << 56)
            var i = 0
            for byte in utf8 {
                if i < 8 {
                    words.0 |= UInt64(byte) << (8 * UInt64(i))
                } else {
                    words.1 |= UInt64(byte) << (8 * UInt64(i - 8))
                }
                i += 1
            }
            return Fingerprint(low: words.0, high: words.1)
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Fingerprint(low: hash, high: UInt64(count) | hashedFlag)
    }
}
