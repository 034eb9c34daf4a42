// PLACEHOLDER BODIES until the CEL work (issue 3) lands; signatures are the contract.

/// A list value. `init(prefixOf:count:)` shares storage so a replay can hand out growing
/// prefixes of one big array in O(1).
public struct CELList: Sendable {
    public init(_ elements: [CELValue]) {}
    public init(prefixOf storage: [CELValue], count: Int) {}
    public var count: Int { 0 }
    public subscript(index: Int) -> CELValue { .null }
}
