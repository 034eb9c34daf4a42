/// A set of instruction indices with O(1) insert, membership and clear, iterated in insertion
/// order (Briggs and Torczon's sparse set), as the NFA simulation needs once per position.
struct CELRegexThreadSet {
    private var dense: [Int]
    private var sparse: [Int]
    private(set) var count = 0

    init(capacity: Int) {
        dense = Array(repeating: 0, count: capacity)
        sparse = Array(repeating: 0, count: capacity)
    }

    var isEmpty: Bool { count == 0 }

    /// The members in insertion order.
    var members: ArraySlice<Int> { dense[0..<count] }

    /// Inserts `value`; `false` when it was already there.
    mutating func insert(_ value: Int) -> Bool {
        let slot = sparse[value]
        if slot < count, dense[slot] == value { return false }
        sparse[value] = count
        dense[count] = value
        count += 1
        return true
    }

    mutating func removeAll() {
        count = 0
    }
}
