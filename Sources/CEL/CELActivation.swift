/// Variable bindings for one evaluation.
///
/// A program looks each variable it uses up once per evaluation, into a slot of its frame.
/// Small activations (the usual handful of variables) are searched by precomputed name
/// fingerprints, so binding costs integer compares rather than hashing names; large ones
/// keep a dictionary. Entries live in one array: building an activation allocates once.
package struct CELActivation: Sendable {
    struct Entry: Sendable {
        var fingerprint: CELFieldKey.Fingerprint
        var name: String
        var value: CELValue
    }

    let entries: [Entry]
    /// For wide activations: each name's position in `entries`. From a shape, the shape's own
    /// index (built once), not one hashed anew for every evaluation.
    let index: [CELMapKey: Int]?

    static let linearLimit = 64

    package init(_ bindings: [String: CELValue]) {
        entries = bindings.map { Entry(fingerprint: CELFieldKey.fingerprint(of: $0.key), name: $0.key, value: $0.value) }
        index = Self.index(of: entries)
    }

    private static func index(of entries: [Entry]) -> [CELMapKey: Int]? {
        guard entries.count > linearLimit else { return nil }
        var index: [CELMapKey: Int] = [:]
        index.reserveCapacity(entries.count)
        for (i, entry) in entries.enumerated() { index[.string(entry.name)] = i }
        return index
    }

    /// Binds the names of `shape` to `values`, in order: the same activation as the dictionary
    /// of those names and values (a repeated name binds its later value), without hashing or
    /// fingerprinting a name. Missing values bind `null`; extra values are ignored.
    package init(shape: CELRecordShape, values: [CELValue]) {
        let values = shape.placing(values)
        var entries: [Entry] = []
        entries.reserveCapacity(shape.keys.count)
        for (i, value) in values.enumerated() {
            guard case .string(let name) = shape.keys[i] else { continue }
            entries.append(Entry(fingerprint: shape.fingerprints[i], name: name, value: value))
        }
        self.entries = entries
        if entries.count <= Self.linearLimit {
            index = nil
        } else if entries.count == shape.keys.count, let shaped = shape.index {
            index = shaped  // every key a name, each at its own position
        } else {
            index = Self.index(of: entries)
        }
    }

    /// The value bound to a (possibly dot-qualified) name.
    package func value(named name: String) -> CELValue? {
        value(for: CELFieldKey(name))
    }

    @inline(__always)
    func value(for key: CELFieldKey) -> CELValue? {
        position(of: key).map { entries[$0].value }
    }

    /// Where the binding of `key` sits in `entries`.
    @inline(__always)
    func position(of key: CELFieldKey) -> Int? {
        if let index { return index[.string(key.name)] }
        var i = 0
        while i < entries.count {
            if entries[i].fingerprint == key.fingerprint, key.isExact || CELText.equal(entries[i].name, key.name) {
                return i
            }
            i += 1
        }
        return nil
    }

    /// A copy with `name` bound to `value`.
    package func binding(_ name: String, to value: CELValue) -> CELActivation {
        var bindings: [String: CELValue] = [:]
        for entry in entries { bindings[entry.name] = entry.value }
        bindings[name] = value
        return CELActivation(bindings)
    }
}
