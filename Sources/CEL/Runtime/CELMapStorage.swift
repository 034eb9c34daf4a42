/// Immutable storage shared by copies of a map: its keys with their fingerprints (and, for a
/// large map, a hash index), shared with the shape or builder that made them, and its values,
/// kept in the same allocation as the object. One allocation per map, not two (the object and
/// a values array): a state's event records are maps, a million of them.
///
/// Safe to share between threads (`CELMap` says so for it): the layout and the values are set
/// once, when the storage is made, and never change afterwards.
final class CELMapStorage: ManagedBuffer<CELMapStorage.Layout, CELValue> {

    struct Layout {
        let keys: [CELMapKey]
        /// Parallel to `keys`: `CELFieldKey` fingerprints of string keys, `nonString` otherwise.
        let fingerprints: [CELFieldKey.Fingerprint]
        /// Present only for maps larger than `linearLimit`.
        let index: [CELMapKey: Int]?
    }

    static let linearLimit = 12

    /// A storage with a value per key, `values[i]` for `keys[i]` (`null` where `values` is short).
    static func make(keys: [CELMapKey], values: [CELValue], fingerprints: [CELFieldKey.Fingerprint],
                     index: [CELMapKey: Int]?) -> CELMapStorage {
        make(keys: keys, fingerprints: fingerprints, index: index) { elements in
            for i in elements.indices { elements.initializeElement(at: i, to: i < values.count ? values[i] : .null) }
        }
    }

    /// A storage whose values `initialize` writes, every one of the `keys.count` elements
    /// exactly once (the buffer it is given is uninitialized).
    static func make(keys: [CELMapKey], fingerprints: [CELFieldKey.Fingerprint], index: [CELMapKey: Int]?,
                     initializingValues initialize: (UnsafeMutableBufferPointer<CELValue>) -> Void) -> CELMapStorage {
        let layout = Layout(keys: keys, fingerprints: fingerprints, index: keys.count > linearLimit ? index : nil)
        let storage = unsafeDowncast(create(minimumCapacity: keys.count) { _ in layout }, to: CELMapStorage.self)
        storage.withUnsafeMutablePointerToElements { initialize(UnsafeMutableBufferPointer(start: $0, count: keys.count)) }
        return storage
    }

    deinit {
        // Value by value: `deinitialize(count:)` of them all went through the runtime's generic
        // array destruction, a witness call per value, though most (ints, times) own nothing.
        withUnsafeMutablePointers { layout, values in
            for i in 0..<layout.pointee.keys.count { _ = (values + i).move() }
        }
    }

    var keys: [CELMapKey] { withUnsafeMutablePointerToHeader { $0.pointee.keys } }
    var fingerprints: [CELFieldKey.Fingerprint] { withUnsafeMutablePointerToHeader { $0.pointee.fingerprints } }
    var index: [CELMapKey: Int]? { withUnsafeMutablePointerToHeader { $0.pointee.index } }
    var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.keys.count } }

    /// The value at position `i` (`0..<count`).
    @inline(__always)
    func value(at i: Int) -> CELValue {
        withUnsafeMutablePointerToElements { $0[i] }
    }

    /// The values in key order (a copy).
    var values: [CELValue] {
        withUnsafeMutablePointers { layout, values in Array(UnsafeBufferPointer(start: values, count: layout.pointee.keys.count)) }
    }

    func value(for key: CELMapKey) -> CELValue? {
        if let index {
            guard let i = index[key] else { return nil }
            return value(at: i)
        }
        if case .string(let s) = key { return value(forString: s) }
        let keys = self.keys
        for i in keys.indices where keys[i] == key { return value(at: i) }
        return nil
    }

    func value(forString key: String) -> CELValue? {
        if let index {
            guard let i = index[.string(key)] else { return nil }
            return value(at: i)
        }
        return value(for: CELFieldKey(key))
    }

    /// The value of a string key whose fingerprint is known.
    @inline(__always)
    func value(for field: CELFieldKey) -> CELValue? {
        guard let i = position(of: field) else { return nil }
        return value(at: i)
    }

    /// The position of a string key whose fingerprint is known.
    @inline(__always)
    func position(of field: CELFieldKey) -> Int? {
        withUnsafeMutablePointerToHeader { layout in
            if let index = layout.pointee.index {
                return index[.string(field.name)]
            }
            let target = field.fingerprint
            var i = 0
            let n = layout.pointee.fingerprints.count
            while i < n {
                if layout.pointee.fingerprints[i] == target {
                    if field.isExact { return i }
                    if case .string(let s) = layout.pointee.keys[i], CELText.equal(s, field.name) { return i }
                }
                i += 1
            }
            return nil
        }
    }
}
