/// Collects a map's entries in insertion order, finding duplicates by fingerprint (small
/// maps) or hash (large ones) as it goes.
struct CELMapBuilder {
    private var keys: [CELMapKey] = []
    private var values: [CELValue] = []
    private var fingerprints: [CELFieldKey.Fingerprint] = []
    private var positions: [CELMapKey: Int]?

    init(capacity: Int) {
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        fingerprints.reserveCapacity(capacity)
        positions = capacity > CELMapStorage.linearLimit ? Dictionary(minimumCapacity: capacity) : nil
    }

    /// Adds an entry; for a key already present, replaces its value when `replacing`, else
    /// leaves the map unchanged and returns false.
    @discardableResult
    mutating func insert(_ key: CELMapKey, _ value: CELValue, replacing: Bool) -> Bool {
        let fingerprint: CELFieldKey.Fingerprint
        if case .string(let s) = key { fingerprint = CELFieldKey.fingerprint(of: s) } else { fingerprint = .nonString }
        if let existing = position(of: key, fingerprint: fingerprint) {
            if replacing { values[existing] = value }
            return replacing
        }
        positions?[key] = keys.count
        keys.append(key)
        values.append(value)
        fingerprints.append(fingerprint)
        return true
    }

    /// Where `key` sits among the entries so far.
    func position(of key: CELMapKey) -> Int? {
        if case .string(let s) = key { return position(of: key, fingerprint: CELFieldKey.fingerprint(of: s)) }
        return position(of: key, fingerprint: .nonString)
    }

    private func position(of key: CELMapKey, fingerprint: CELFieldKey.Fingerprint) -> Int? {
        if let positions { return positions[key] }
        for i in keys.indices where fingerprints[i] == fingerprint && keys[i] == key { return i }
        return nil
    }

    var storage: CELMapStorage {
        var index = positions
        if index == nil, keys.count > CELMapStorage.linearLimit {
            var built: [CELMapKey: Int] = [:]
            for (i, key) in keys.enumerated() { built[key] = i }
            index = built
        }
        return CELMapStorage.make(keys: keys, values: values, fingerprints: fingerprints, index: index)
    }
}
