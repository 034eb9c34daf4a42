/// Record shapes by the list of names they were made for, for hosts that share one shape among
/// the records of the same names.
///
/// Entries are bucketed by the names' hash and told apart by comparing the names: a dictionary
/// keyed by `[String]` would have the runtime look up, when its first table is made, how an
/// array of strings hashes, a search of every conformance of the program.
package struct CELRecordShapeTable: Sendable {
    private var buckets: [Int: [(names: [String], shape: CELRecordShape)]] = [:]

    /// How many shapes the table holds.
    package private(set) var count = 0

    package init() {}

    /// The shape kept for `names`, or nil; setting keeps a shape (nil leaves the table as it is).
    package subscript(names: [String]) -> CELRecordShape? {
        get {
            guard let bucket = buckets[names.hashValue] else { return nil }
            for index in bucket.indices where bucket[index].names == names { return bucket[index].shape }
            return nil
        }
        set {
            guard let newValue else { return }
            let hash = names.hashValue
            if let index = buckets[hash]?.firstIndex(where: { $0.names == names }) {
                buckets[hash]?[index].shape = newValue
                return
            }
            buckets[hash, default: []].append((names, newValue))
            count += 1
        }
    }
}
