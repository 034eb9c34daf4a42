/// A list value. `init(prefixOf:count:)` shares storage so a replay can hand out growing
/// prefixes of one big array in O(1).
///
/// Two words (a buffer and how much of it is in the list) keep `CELValue` small; appending to
/// a prefix copies the prefix first, so a shared buffer is never changed under another list.
package struct CELList: Sendable, RandomAccessCollection {
    private(set) var storage: [CELValue]
    package private(set) var count: Int

    package init(_ elements: [CELValue]) {
        storage = elements
        count = elements.count
    }

    /// The first `count` elements of `storage` (clamped to its bounds), sharing its buffer.
    package init(prefixOf storage: [CELValue], count: Int) {
        self.storage = storage
        self.count = Swift.max(0, Swift.min(count, storage.count))
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    /// The element at `index`, or `.null` when out of range; use `element(at:)` to tell apart.
    package subscript(index: Int) -> CELValue {
        element(at: index) ?? .null
    }

    /// The element at `index`, `nil` when out of range.
    package func element(at index: Int) -> CELValue? {
        guard index >= 0, index < count else { return nil }
        return storage[index]
    }

    /// The elements as an array (copies only when this list is a prefix of a larger buffer).
    package var array: [CELValue] { count == storage.count ? storage : Array(storage[0..<count]) }

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
