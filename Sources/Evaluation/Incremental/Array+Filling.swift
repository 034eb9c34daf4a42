extension Array {
    /// `count` copies of `value`, appended one at a time. Specialized where it is used: an
    /// array made with `Array(repeating:count:)` runs unspecialized, and one made from
    /// `repeatElement` goes through a generic copy whose types the runtime looks up by name.
    init(filling value: Element, count: Int) {
        self = []
        reserveCapacity(count)
        for _ in 0..<Swift.max(count, 0) { append(value) }
    }
}
