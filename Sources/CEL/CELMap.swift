/// A map value with keys of type bool, int, uint or string. Iterates in insertion order.
///
/// Small maps (records, mostly) are searched linearly: comparing a few short strings is
/// cheaper than hashing the field name on every access. Larger maps keep a hash index.
package struct CELMap: @unchecked Sendable {
    // Sendable although `CELMapStorage` cannot say so (the standard library makes every
    // `ManagedBuffer` non-Sendable): the storage is immutable once made (see there).
    let storage: CELMapStorage

    /// Builds a map; a later duplicate key replaces the earlier value in place.
    package init(_ entries: [(key: CELValue, value: CELValue)]) {
        var builder = CELMapBuilder(capacity: entries.count)
        for entry in entries {
            guard let key = CELMapKey(entry.key) else { continue }
            builder.insert(key, entry.value, replacing: true)
        }
        storage = builder.storage
    }

    /// A map with string keys, the run-time form of a record; a later duplicate key replaces
    /// the earlier value in place.
    package init(strings entries: [(key: String, value: CELValue)]) {
        var builder = CELMapBuilder(capacity: entries.count)
        for entry in entries {
            builder.insert(.string(entry.key), entry.value, replacing: true)
        }
        storage = builder.storage
    }

    /// A record of a prepared shape: `values` in the order of the shape's fields, the same map
    /// as `CELMap(strings:)` over those names and values, built without looking at the names.
    /// Missing values read `null`; extra values are ignored.
    package init(shape: CELRecordShape, values: [CELValue]) {
        storage = CELMapStorage.make(keys: shape.keys, values: shape.placing(values), fingerprints: shape.fingerprints,
                                     index: shape.index)
    }

    /// A record of a prepared shape whose field `i` (in the order of the names the shape was
    /// made from) is `value(i)`: the map `init(shape:values:)` makes of those values, with the
    /// values written straight into the map's storage (no array of them first).
    package init(shape: CELRecordShape, value: (Int) -> CELValue) {
        storage = CELMapStorage.make(keys: shape.keys, fingerprints: shape.fingerprints, index: shape.index) { elements in
            // Asked without taking the positions out (a copy, retained and released per record).
            if shape.positions == nil {
                for i in elements.indices { elements.initializeElement(at: i, to: value(i)) }
                return
            }
            // A repeated name: its first place, its last value.
            elements.initialize(repeating: .null)
            for (field, position) in (shape.positions ?? []).enumerated() { elements[position] = value(field) }
        }
    }

    /// A record of a prepared shape whose values `initialize` writes, in the order of the names
    /// the shape was made from: every one of the buffer's elements (one per field given) exactly
    /// once. One call for the whole record, where `init(shape:value:)` calls its closure per field:
    /// hosts build a record per event and day, so the per-field calls would dominate.
    package init(shape: CELRecordShape, initializing initialize: (UnsafeMutableBufferPointer<CELValue>) -> Void) {
        guard shape.positions != nil else {
            self.init(storage: CELMapStorage.make(keys: shape.keys, fingerprints: shape.fingerprints, index: shape.index,
                                                  initializingValues: initialize))
            return
        }
        // A repeated name: the values as given, then placed.
        let given = [CELValue](unsafeUninitializedCapacity: shape.fieldCount) { buffer, count in
            initialize(buffer)
            count = buffer.count
        }
        self.init(shape: shape, values: given)
    }

    init(storage: CELMapStorage) {
        self.storage = storage
    }

    /// Builds a map from a literal's entries: a duplicate key or an invalid key kind is an error.
    static func literal(keys: [CELValue], values: [CELValue]) -> CELValue {
        var builder = CELMapBuilder(capacity: keys.count)
        for (key, value) in zip(keys, values) {
            if case .error = key { return key }
            if case .error = value { return value }
            guard let mapKey = CELMapKey(key) else {
                return .error(CELError(.invalidArgument, "unsupported key type: \(key.typeName)"))
            }
            guard builder.insert(mapKey, value, replacing: false) else {
                return .error(CELError(.invalidArgument, "Failed with repeated key: \(CELValue.describeKey(key))"))
            }
        }
        return .map(CELMap(storage: builder.storage))
    }

    package var count: Int { storage.count }

    /// The entries in insertion order.
    package var entries: [(key: CELValue, value: CELValue)] {
        zip(storage.keys, storage.values).map { (key: $0.value, value: $1) }
    }

    package var keys: [CELValue] { storage.keys.map(\.value) }

    /// The value for `key`, with heterogeneous numeric lookup (`1`, `1u` and `1.0` find `1`).
    package subscript(key: CELValue) -> CELValue? {
        guard let mapKey = CELMapKey.lookupKey(key) else { return nil }
        return storage.value(for: mapKey)
    }

    package subscript(string key: String) -> CELValue? {
        storage.value(forString: key)
    }

    /// A record field read many times (one field of every event, say): its name's fingerprint
    /// is computed once.
    package struct Field: Sendable {
        let key: CELFieldKey

        package init(_ name: String) {
            key = CELFieldKey(name)
        }
    }

    package subscript(field field: Field) -> CELValue? {
        storage.value(for: field.key)
    }

    func contains(_ key: CELValue) -> Bool {
        self[key] != nil
    }

    /// A copy with `key` set to `value` (used by the two-variable `transformMap` macro);
    /// `nil` when the key is already present.
    func inserting(key: CELMapKey, value: CELValue) -> CELMap? {
        var builder = CELMapBuilder(capacity: count + 1)
        for (existingKey, existingValue) in zip(storage.keys, storage.values) {
            builder.insert(existingKey, existingValue, replacing: true)
        }
        guard builder.insert(key, value, replacing: false) else { return nil }
        return CELMap(storage: builder.storage)
    }
}
