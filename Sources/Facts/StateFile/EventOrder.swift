import CEL

/// The order of a state's events by instant, equal instants in file order: a merge sort of
/// (instant, position) pairs written for this one element type. The standard library's sort
/// keeps its runs in an array of ranges whose type, with its conformances, the runtime looks up
/// by name the first time, which costs more than sorting a long history.
enum EventOrder {
    /// The positions of `instants` in order of instant; equal instants keep their order.
    static func positions(sorting instants: [CELTimestamp]) -> [Int] {
        var order = Array(instants.indices)
        guard order.count > 1 else { return order }
        var scratch = order
        var width = 1
        while width < order.count {
            var start = 0
            while start < order.count {
                let middle = Swift.min(start + width, order.count), end = Swift.min(start + 2 * width, order.count)
                merge(order, from: start, middle: middle, end: end, into: &scratch, by: instants)
                start = end
            }
            swap(&order, &scratch)
            width *= 2
        }
        return order
    }

    /// Merges the sorted runs `start..<middle` and `middle..<end` of `source` into `target`;
    /// on equal instants the left run's position comes first, so the sort is stable.
    private static func merge(_ source: [Int], from start: Int, middle: Int, end: Int,
                              into target: inout [Int], by instants: [CELTimestamp]) {
        var left = start, right = middle, out = start
        while left < middle, right < end {
            if instants[source[right]] < instants[source[left]] {
                target[out] = source[right]
                right += 1
            } else {
                target[out] = source[left]
                left += 1
            }
            out += 1
        }
        while left < middle { target[out] = source[left]; left += 1; out += 1 }
        while right < end { target[out] = source[right]; right += 1; out += 1 }
    }
}
