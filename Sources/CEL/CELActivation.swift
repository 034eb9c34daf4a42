/// Variable bindings for one evaluation.
///
/// A program looks each variable it uses up once per evaluation, into a slot of its frame.
/// Small activations (the usual handful of variables) are searched by precomputed name
/// fingerprints, so binding costs integer compares rather than hashing names; large ones
/// keep a dictionary. Built from a record shape, an activation shares the shape's names and
/// holds only its values: binding allocates nothing beyond the values given.
package struct CELActivation: Sendable {
    /// The bound names (all `.string` keys) and their fingerprints, in binding order. From a
    /// shape they are the shape's own arrays, shared: binding a shape's values copies no name.
    let keys: [CELMapKey]
    let fingerprints: [CELFieldKey.Fingerprint]
    /// The value bound to each name, by position.
    let values: [CELValue]
    /// For wide activations: each name's position. From a shape, the shape's own index (built
    /// once), not one hashed anew for every evaluation.
    let index: [CELMapKey: Int]?

    static let linearLimit = 64

    package init(_ bindings: [String: CELValue]) {
        keys = bindings.keys.map { .string($0) }
        fingerprints = bindings.keys.map { CELFieldKey.fingerprint(of: $0) }
        values = Array(bindings.values)
        index = Self.index(of: keys)
    }

    private static func index(of keys: [CELMapKey]) -> [CELMapKey: Int]? {
        guard keys.count > linearLimit else { return nil }
        var index: [CELMapKey: Int] = [:]
        index.reserveCapacity(keys.count)
        for (i, key) in keys.enumerated() { index[key] = i }
        return index
    }

    /// Binds the names of `shape` to `values`, in order: the same activation as the dictionary
    /// of those names and values (a repeated name binds its later value), without hashing or
    /// fingerprinting a name. Missing values bind `null`; extra values are ignored.
    package init(shape: CELRecordShape, values: [CELValue]) {
        // A shape's keys are the names it was made from: every one a string.
        keys = shape.keys
        fingerprints = shape.fingerprints
        self.values = shape.placing(values)
        index = keys.count > Self.linearLimit ? shape.index : nil
    }

    /// The value bound to a (possibly dot-qualified) name.
    package func value(named name: String) -> CELValue? {
        value(for: CELFieldKey(name))
    }

    @inline(__always)
    func value(for key: CELFieldKey) -> CELValue? {
        position(of: key).map { values[$0] }
    }

    /// Where the binding of `key` sits in `values`.
    @inline(__always)
    func position(of key: CELFieldKey) -> Int? {
        if let index { return index[.string(key.name)] }
        var i = 0
        while i < fingerprints.count {
            if fingerprints[i] == key.fingerprint, key.isExact || Self.names(keys[i], key.name) {
                return i
            }
            i += 1
        }
        return nil
    }

    /// Whether a bound key is the string `name`.
    @inline(__always)
    private static func names(_ key: CELMapKey, _ name: String) -> Bool {
        guard case .string(let bound) = key else { return false }
        return CELText.equal(bound, name)
    }

    /// A copy with `name` bound to `value`.
    package func binding(_ name: String, to value: CELValue) -> CELActivation {
        var bindings: [String: CELValue] = [:]
        for (key, value) in zip(keys, values) {
            if case .string(let bound) = key { bindings[bound] = value }
        }
        bindings[name] = value
        return CELActivation(bindings)
    }
}
