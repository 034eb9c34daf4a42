/// A list value. `init(prefixOf:count:)` shares storage so a replay can hand out growing
/// prefixes of one big array in O(1).
public struct CELList: Sendable, RandomAccessCollection {
    /// A slice, so a prefix of a host array keeps that array's buffer instead of copying it.
    @usableFromInline var elements: ArraySlice<CELValue>

    public init(_ elements: [CELValue]) {
        self.elements = elements[...]
    }

    /// The first `count` elements of `storage` (clamped to its bounds), sharing its buffer.
    public init(prefixOf storage: [CELValue], count: Int) {
        let end = Swift.max(0, Swift.min(count, storage.count))
        self.elements = storage[0..<end]
    }

    init(slice: ArraySlice<CELValue>) {
        self.elements = slice
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { elements.count }
    public var count: Int { elements.count }

    /// The element at `index`, or `.null` when out of range; use `element(at:)` to tell apart.
    public subscript(index: Int) -> CELValue {
        element(at: index) ?? .null
    }

    /// The element at `index`, `nil` when out of range.
    @inlinable
    public func element(at index: Int) -> CELValue? {
        guard index >= 0, index < elements.count else { return nil }
        return elements[elements.startIndex + index]
    }

    /// The elements as an array (copies only when this list is a prefix of a larger buffer).
    public var array: [CELValue] { Array(elements) }

    mutating func append(_ value: CELValue) {
        elements.append(value)
    }

    mutating func append(contentsOf other: CELList) {
        elements.append(contentsOf: other.elements)
    }
}
