/// A string map key prepared for repeated lookups: its fingerprint is computed once (by the
/// planner for a field name, by the map for its keys), so finding a record field compares
/// integers instead of hashing or comparing strings.
///
/// Keys of up to 7 UTF-8 bytes are packed exactly into the fingerprint (equal fingerprints
/// mean equal strings); longer keys use FNV-1a and are confirmed byte by byte on a match.
struct CELFieldKey: Sendable {
    let name: String
    let fingerprint: UInt64

    init(_ name: String) {
        self.name = name
        self.fingerprint = Self.fingerprint(of: name)
    }

    /// Whether equal fingerprints already prove equal strings.
    var isExact: Bool { fingerprint & Self.hashedFlag == 0 }

    static let hashedFlag: UInt64 = 1 << 63
    /// Never produced for a string; marks non-string keys.
    static let nonString: UInt64 = 0

    static func fingerprint(of name: String) -> UInt64 {
        let utf8 = name.utf8
        let count = utf8.count
        if count <= 7 {
            // Length in the top byte below the flag keeps "" distinct from `nonString`.
            var packed = UInt64(count + 1) << 56
            var shift: UInt64 = 0
            for byte in utf8 {
                packed |= UInt64(byte) << shift
                shift += 8
            }
            return packed
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash | hashedFlag
    }
}
