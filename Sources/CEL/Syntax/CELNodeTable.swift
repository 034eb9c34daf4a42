/// Values by node id, kept as two sorted arrays (ids in 32 bits, values) sized to their
/// contents: a checked expression keeps its per-node facts (`CELCheckedAST.types`,
/// `CELCheckedAST.references`) as long as its rule set, and a dictionary of a few dozen entries
/// takes two to three times the memory. Reads like a dictionary (a binary search); building
/// one in increasing id order appends.
package struct CELNodeTable<Value: Sendable>: Sendable, ExpressibleByDictionaryLiteral {
    private var ids: ContiguousArray<Int32> = []
    private var entries: ContiguousArray<Value> = []

    package init() {}

    package init(dictionaryLiteral elements: (CELExprID, Value)...) {
        for (id, value) in elements { self[id] = value }
    }

    /// The table of a dictionary, exactly sized.
    package init(_ dictionary: [CELExprID: Value]) {
        let sorted = dictionary.sorted { $0.key < $1.key }
        ids.reserveCapacity(sorted.count)
        entries.reserveCapacity(sorted.count)
        for (id, value) in sorted {
            ids.append(Int32(clamping: id))
            entries.append(value)
        }
    }

    /// How many ids have a value.
    package var count: Int { ids.count }
    package var isEmpty: Bool { ids.isEmpty }

    package subscript(id: CELExprID) -> Value? {
        get {
            let (index, found) = position(of: id)
            return found ? entries[index] : nil
        }
        set {
            let (index, found) = position(of: id)
            switch (found, newValue) {
            case (true, let value?): entries[index] = value
            case (true, nil):
                ids.remove(at: index)
                entries.remove(at: index)
            case (false, let value?):
                ids.insert(Int32(clamping: id), at: index)
                entries.insert(value, at: index)
            case (false, nil): break
            }
        }
    }

    /// The values, in id order.
    package var values: [Value] { Array(entries) }

    package func mapValues<T>(_ transform: (Value) throws -> T) rethrows -> CELNodeTable<T> {
        var mapped = CELNodeTable<T>()
        mapped.ids = ids
        mapped.entries = try ContiguousArray(entries.map(transform))
        return mapped
    }

    /// The entries of `kept` only (the nodes of a sub-expression).
    package func keeping(_ kept: Set<CELExprID>) -> CELNodeTable {
        var table = CELNodeTable()
        for (id, value) in zip(ids, entries) where kept.contains(Int(id)) {
            table.ids.append(id)
            table.entries.append(value)
        }
        return table
    }

    /// Where `id` is, or would be inserted, in `ids`.
    private func position(of id: CELExprID) -> (index: Int, found: Bool) {
        guard let key = Int32(exactly: id) else { return (id < 0 ? 0 : ids.count, false) }
        if let last = ids.last, last < key { return (ids.count, false) }
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < key { low = middle + 1 } else { high = middle }
        }
        return (low, low < ids.count && ids[low] == key)
    }
}
