/// Immutable storage shared by copies of a map.
final class CELMapStorage: Sendable {
    static let linearLimit = 12
    let keys: [CELMapKey]
    let values: [CELValue]
    /// Present only for maps larger than `linearLimit`.
    let index: [CELMapKey: Int]?
    /// Parallel to `keys`: `CELFieldKey` fingerprints of string keys, `nonString` otherwise.
    let fingerprints: [CELFieldKey.Fingerprint]

    init(keys: [CELMapKey], values: [CELValue], fingerprints: [CELFieldKey.Fingerprint], index: [CELMapKey: Int]?) {
        self.keys = keys
        self.values = values
        self.fingerprints = fingerprints
        self.index = keys.count > Self.linearLimit ? index : nil
    }

    func value(for key: CELMapKey) -> CELValue? {
        if let index {
            guard let i = index[key] else { return nil }
            return values[i]
        }
        if case .string(let s) = key { return value(forString: s) }
        for i in keys.indices where keys[i] == key { return values[i] }
        return nil
    }

    func value(forString key: String) -> CELValue? {
        if let index {
            guard let i = index[.string(key)] else { return nil }
            return values[i]
        }
        return value(for: CELFieldKey(key))
    }

    /// The value of a string key whose fingerprint is known.
    @inline(__always)
    func value(for field: CELFieldKey) -> CELValue? {
        guard let i = position(of: field) else { return nil }
        return values[i]
    }

    /// The position of a string key whose fingerprint is known.
    @inline(__always)
    func position(of field: CELFieldKey) -> Int? {
        if let index {
            return index[.string(field.name)]
        }
        let target = field.fingerprint
        var i = 0
        let n = fingerprints.count
        while i < n {
            if fingerprints[i] == target {
                if field.isExact { return i }
                if case .string(let s) = keys[i], CELText.equal(s, field.name) { return i }
            }
            i += 1
        }
        return nil
    }
}
