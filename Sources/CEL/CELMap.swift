/// A map value with keys of type bool, int, uint or string. Iterates in insertion order.
///
/// Small maps (records, mostly) are searched linearly: comparing a few short strings is
/// cheaper than hashing the field name on every access. Larger maps keep a hash index.
public struct CELMap: Sendable {
    let storage: CELMapStorage

    /// Builds a map; a later duplicate key replaces the earlier value in place.
    public init(_ entries: [(key: CELValue, value: CELValue)]) {
        var keys: [CELMapKey] = []
        var values: [CELValue] = []
        keys.reserveCapacity(entries.count)
        values.reserveCapacity(entries.count)
        var positions: [CELMapKey: Int] = [:]
        let hashed = entries.count > CELMapStorage.linearLimit
        for entry in entries {
            guard let key = CELMapKey(entry.key) else { continue }
            let existing = hashed ? positions[key] : keys.firstIndex(of: key)
            if let existing {
                values[existing] = entry.value
            } else {
                if hashed { positions[key] = keys.count }
                keys.append(key)
                values.append(entry.value)
            }
        }
        storage = CELMapStorage(keys: keys, values: values)
    }

    /// A map with string keys, the run-time form of a record.
    public init(strings entries: [(key: String, value: CELValue)]) {
        self.init(entries.map { (key: CELValue.string($0.key), value: $0.value) })
    }

    init(storage: CELMapStorage) {
        self.storage = storage
    }

    /// Builds a map from a literal's entries: a duplicate key or an invalid key kind is an error.
    static func literal(keys: [CELValue], values: [CELValue]) -> CELValue {
        var mapKeys: [CELMapKey] = []
        mapKeys.reserveCapacity(keys.count)
        for key in keys {
            if case .error = key { return key }
            guard let mapKey = CELMapKey(key) else {
                return .error(CELError(.invalidArgument, "unsupported key type: \(key.typeName)"))
            }
            mapKeys.append(mapKey)
        }
        for value in values where value.isError { return value }
        let storage = CELMapStorage(keys: mapKeys, values: values)
        if storage.hasDuplicates {
            return .error(CELError(.invalidArgument, "Failed with repeated key"))
        }
        return .map(CELMap(storage: storage))
    }

    public var count: Int { storage.keys.count }

    /// The entries in insertion order.
    public var entries: [(key: CELValue, value: CELValue)] {
        zip(storage.keys, storage.values).map { (key: $0.value, value: $1) }
    }

    public var keys: [CELValue] { storage.keys.map(\.value) }

    /// The value for `key`, with heterogeneous numeric lookup (`1`, `1u` and `1.0` find `1`).
    public subscript(key: CELValue) -> CELValue? {
        guard let mapKey = CELMapKey.lookupKey(key) else { return nil }
        return storage.value(for: mapKey)
    }

    public subscript(string key: String) -> CELValue? {
        storage.value(forString: key)
    }

    func contains(_ key: CELValue) -> Bool {
        self[key] != nil
    }

    /// A copy with `key` set to `value` (used by the two-variable `transformMap` macro).
    func inserting(key: CELMapKey, value: CELValue) -> CELMap? {
        if storage.value(for: key) != nil { return nil }
        return CELMap(storage: CELMapStorage(keys: storage.keys + [key], values: storage.values + [value]))
    }
}

/// Immutable storage shared by copies of a map.
final class CELMapStorage: Sendable {
    static let linearLimit = 12
    let keys: [CELMapKey]
    let values: [CELValue]
    /// Present only for maps larger than `linearLimit`.
    let index: [CELMapKey: Int]?
    /// Parallel to `keys`: `CELFieldKey` fingerprints of string keys, `nonString` otherwise.
    let fingerprints: [CELFieldKey.Fingerprint]
    let hasDuplicates: Bool

    init(keys: [CELMapKey], values: [CELValue]) {
        self.keys = keys
        self.values = values
        self.fingerprints = keys.map {
            if case .string(let s) = $0 { CELFieldKey.fingerprint(of: s) } else { CELFieldKey.Fingerprint.nonString }
        }
        if keys.count > Self.linearLimit {
            var index: [CELMapKey: Int] = [:]
            index.reserveCapacity(keys.count)
            var duplicates = false
            for (i, key) in keys.enumerated() {
                if index.updateValue(i, forKey: key) != nil { duplicates = true }
            }
            self.index = index
            self.hasDuplicates = duplicates
        } else {
            self.index = nil
            var duplicates = false
            for i in keys.indices where !duplicates {
                for j in keys.indices where j > i && keys[i] == keys[j] { duplicates = true }
            }
            self.hasDuplicates = duplicates
        }
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
