/// A map key: bool, int, uint or string. Numeric keys compare by value across int and uint
/// (langdef: a map lookup with `1u` finds the key `1`), so both hash alike.
enum CELMapKey: Sendable, Hashable {
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case string(String)

    /// The key for `value`, or `nil` when the value's kind cannot be a map key. A double key
    /// is accepted for lookups only when it holds an integral value (heterogeneous lookup).
    init?(_ value: CELValue) {
        switch value {
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .int(i)
        case .uint(let u): self = .uint(u)
        case .string(let s): self = .string(s)
        default: return nil
        }
    }

    /// The key a lookup with `value` should find, including integral doubles.
    static func lookupKey(_ value: CELValue) -> CELMapKey? {
        if case .double(let d) = value {
            if let i = Int64(exactly: d) { return .int(i) }
            if let u = UInt64(exactly: d) { return .uint(u) }
            return nil
        }
        return CELMapKey(value)
    }

    var value: CELValue {
        switch self {
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .uint(let u): .uint(u)
        case .string(let s): .string(s)
        }
    }

    static func == (a: CELMapKey, b: CELMapKey) -> Bool {
        switch (a, b) {
        case (.bool(let x), .bool(let y)): x == y
        case (.string(let x), .string(let y)): CELText.equal(x, y)
        case (.int(let x), .int(let y)): x == y
        case (.uint(let x), .uint(let y)): x == y
        case (.int(let x), .uint(let y)), (.uint(let y), .int(let x)): x >= 0 && UInt64(x) == y
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .bool(let b):
            hasher.combine(0 as UInt8)
            hasher.combine(b)
        case .string(let s):
            hasher.combine(1 as UInt8)
            hasher.combine(s)
        case .int(let i):
            hasher.combine(2 as UInt8)
            hasher.combine(UInt64(bitPattern: i))
        case .uint(let u):
            hasher.combine(2 as UInt8)
            hasher.combine(u)
        }
    }
}
