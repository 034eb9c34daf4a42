/// Variable bindings for one evaluation.
///
/// A program looks each variable it uses up once per evaluation, into a slot of its frame.
/// Small activations (the usual handful of variables) are searched by precomputed name
/// fingerprints, so binding costs integer compares rather than hashing names; large ones
/// keep a dictionary.
public struct CELActivation: Sendable {
    let names: [String]
    let fingerprints: [CELFieldKey.Fingerprint]
    let values: [CELValue]
    let index: [String: Int]?

    static let linearLimit = 16

    public init(_ bindings: [String: CELValue]) {
        // Sorted so that an activation's behaviour never depends on dictionary order.
        let sorted = bindings.sorted { $0.key < $1.key }
        names = sorted.map(\.key)
        values = sorted.map(\.value)
        fingerprints = names.map(CELFieldKey.fingerprint(of:))
        if names.count > Self.linearLimit {
            var index: [String: Int] = [:]
            for (i, name) in names.enumerated() { index[name] = i }
            self.index = index
        } else {
            index = nil
        }
    }

    /// The value bound to a (possibly dot-qualified) name.
    public func value(named name: String) -> CELValue? {
        value(for: CELFieldKey(name))
    }

    @inline(__always)
    func value(for key: CELFieldKey) -> CELValue? {
        position(of: key).map { values[$0] }
    }

    /// Where the value of `key` sits in `values`.
    @inline(__always)
    func position(of key: CELFieldKey) -> Int? {
        if let index { return index[key.name] }
        var i = 0
        while i < fingerprints.count {
            if fingerprints[i] == key.fingerprint, key.isExact || CELText.equal(names[i], key.name) { return i }
            i += 1
        }
        return nil
    }

    /// A copy with `name` bound to `value`.
    public func binding(_ name: String, to value: CELValue) -> CELActivation {
        var bindings: [String: CELValue] = [:]
        for (n, v) in zip(names, values) { bindings[n] = v }
        bindings[name] = value
        return CELActivation(bindings)
    }
}
