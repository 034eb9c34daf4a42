/// A list value. `init(prefixOf:count:)` shares storage so a replay can hand out growing
/// prefixes of one big array in O(1).
///
/// Two words (a buffer and how much of it is in the list) keep `CELValue` small; appending to
/// a prefix copies the prefix first, so a shared buffer is never changed under another list.
public struct CELList: Sendable, RandomAccessCollection {
    private(set) var storage: [CELValue]
    public private(set) var count: Int

    public init(_ elements: [CELValue]) {
        storage = elements
        count = elements.count
    }

    /// The first `count` elements of `storage` (clamped to its bounds), sharing its buffer.
    public init(prefixOf storage: [CELValue], count: Int) {
        self.storage = storage
        self.count = Swift.max(0, Swift.min(count, storage.count))
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// The element at `index`, or `.null` when out of range; use `element(at:)` to tell apart.
    public subscript(index: Int) -> CELValue {
        element(at: index) ?? .null
    }

    /// The element at `index`, `nil` when out of range.
    public func element(at index: Int) -> CELValue? {
        guard index >= 0, index < count else { return nil }
        return storage[index]
    }

    /// The elements as an array (copies only when this list is a prefix of a larger buffer).
    public var array: [CELValue] { count == storage.count ? storage : Array(storage[0..<count]) }

    /// The elements as a slice of the shared buffer.
    var elements: ArraySlice<CELValue> { storage[0..<count] }

    /// Calls `body` with the elements in contiguous memory (no copy).
    func withElements<R>(_ body: (UnsafeBufferPointer<CELValue>) -> R) -> R {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }

    private mutating func detachPrefix() {
        if count != storage.count { storage = Array(storage[0..<count]) }
    }

    mutating func append(_ value: CELValue) {
        detachPrefix()
        storage.append(value)
        count += 1
    }

    mutating func append(contentsOf other: CELList) {
        detachPrefix()
        storage.append(contentsOf: other.elements)
        count += other.count
    }
}
