/// A JSON object with its keys in written order. Keys are unique (the parser rejects
/// duplicates); lookups are linear, which is fastest for the small objects of a state file.
public struct JSONObject: Sendable, Hashable {
    public private(set) var keys: [String]
    public private(set) var values: [JSONValue]

    public init() {
        keys = []
        values = []
    }

    /// Entries in order; a repeated key replaces the earlier value at its place.
    public init(_ entries: [(key: String, value: JSONValue)]) {
        keys = []
        values = []
        keys.reserveCapacity(entries.count)
        values.reserveCapacity(entries.count)
        for (key, value) in entries {
            if let index = keys.firstIndex(of: key) {
                values[index] = value
            } else {
                keys.append(key)
                values.append(value)
            }
        }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// Entries in written order.
    public var entries: [(key: String, value: JSONValue)] {
        zip(keys, values).map { (key: $0.0, value: $0.1) }
    }

    /// The value for `key`; setting `nil` removes the key, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let index = keys.firstIndex(of: key) else { return nil }
            return values[index]
        }
        set {
            if let index = keys.firstIndex(of: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// An object of `keys` (unique, possibly an array shared with other objects) and `values`.
    package init(sharedKeys keys: [String], values: [JSONValue]) {
        self.keys = keys
        self.values = values
    }

    /// Appends without checking for an existing key (the caller checks duplicates itself).
    package mutating func appendUnchecked(key: String, value: JSONValue) {
        keys.append(key)
        values.append(value)
    }
}
