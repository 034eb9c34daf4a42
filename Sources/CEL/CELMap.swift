// PLACEHOLDER BODIES until the CEL work (issue 3) lands; signatures are the contract.

/// A map value with keys of type bool, int, uint or string. Iterates in insertion order.
public struct CELMap: Sendable {
    public init(_ entries: [(key: CELValue, value: CELValue)]) {}
    public init(strings: [(key: String, value: CELValue)]) {}
    public var count: Int { 0 }
    public subscript(key: CELValue) -> CELValue? { nil }
    public subscript(string key: String) -> CELValue? { nil }
}
