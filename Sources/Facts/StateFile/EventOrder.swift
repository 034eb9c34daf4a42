import CEL

/// The order of a state's events by instant, equal instants in file order: a natural merge sort
/// of positions, written for this one key type. A history is mostly in order already, so its
/// ascending runs are found first and merged pairwise (one pass for a file with one event out of
/// place, n log n at worst). The standard library's sort would keep its runs in an array of
/// ranges whose type, with its conformances, the runtime looks up by name the first time.
enum EventOrder {
    /// The positions of `instants` in order of instant; equal instants keep their order.
    static func positions(sorting instants: [CELTimestamp]) -> [Int] {
        var order = Array(instants.indices)
        guard order.count > 1 else { return order }
        // Starts of the ascending runs, then the end.
        var bounds = [0]
        for index in 1..<instants.count where instants[index] < instants[index - 1] { bounds.append(index) }
        bounds.append(instants.count)
        guard bounds.count > 2 else { return order }
        var scratch = order
        instants.withUnsafeBufferPointer { keys in
            while bounds.count > 2 {
                var merged = [0]
                var pair = 0
                while pair + 1 < bounds.count {
                    let start = bounds[pair], middle = bounds[pair + 1]
                    let end = pair + 2 < bounds.count ? bounds[pair + 2] : middle
                    merge(order, start, middle, end, into: &scratch, keys)
                    merged.append(end)
                    pair += 2
                }
                swap(&order, &scratch)
                bounds = merged
            }
        }
        return order
    }

    /// Merges the sorted runs `start..<middle` and `middle..<end` of `source` into `target`;
    /// on equal instants the left run's position comes first, so the sort is stable.
    private static func merge(_ source: [Int], _ start: Int, _ middle: Int, _ end: Int,
                              into target: inout [Int], _ keys: UnsafeBufferPointer<CELTimestamp>) {
        source.withUnsafeBufferPointer { from in
            target.withUnsafeMutableBufferPointer { to in
                var left = start, right = middle, out = start
                while left < middle, right < end {
                    if keys[from[right]] < keys[from[left]] {
                        to[out] = from[right]
                        right += 1
                    } else {
                        to[out] = from[left]
                        left += 1
                    }
                    out += 1
                }
                while left < middle { to[out] = from[left]; left += 1; out += 1 }
                while right < end { to[out] = from[right]; right += 1; out += 1 }
            }
        }
    }
}
