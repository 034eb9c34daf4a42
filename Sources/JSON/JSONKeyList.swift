/// The keys of one parsed object together with their UTF-8, for `JSONParser` to share among
/// objects with the same keys: a key whose raw bytes (no escapes) equal the next expected key's
/// is that key, without building a string or validating it again. A class, so that an object
/// holding on to its candidate list retains one reference instead of three arrays.
final class JSONKeyList {
    /// Unique keys in written order, the array shared by every object that has them.
    let keys: [String]
    /// Every key's UTF-8, one after the other.
    private let utf8: [UInt8]
    /// Where key `i`'s UTF-8 ends in `utf8` (it starts where key `i - 1`'s ends).
    private let ends: [Int]

    init(_ keys: [String]) {
        self.keys = keys
        var utf8: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(keys.count)
        for key in keys {
            utf8.append(contentsOf: key.utf8)
            ends.append(utf8.count)
        }
        self.utf8 = utf8
        self.ends = ends
    }

    /// Whether this list's first `count` keys are `other`'s, and key `count` (when `next` is
    /// given) is exactly `next`.
    func follows(_ other: JSONKeyList, upTo count: Int, then next: UnsafeBufferPointer<UInt8>? = nil) -> Bool {
        if let next { guard count < keys.count, key(count, is: next) else { return false } }
        guard count <= keys.count, count <= other.keys.count else { return false }
        if self === other { return true }
        for index in 0..<count where keys[index] != other.keys[index] { return false }
        return true
    }

    /// Whether key `index` is exactly `bytes` (a string's raw bytes, without escapes).
    func key(_ index: Int, is bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = index == 0 ? 0 : ends[index - 1]
        guard ends[index] - start == bytes.count else { return false }
        return utf8.withUnsafeBufferPointer { stored in
            for offset in 0..<bytes.count where stored[start + offset] != bytes[offset] { return false }
            return true
        }
    }
}
