import CEL
@testable import Facts
import Testing
import TestSupport

/// `EventOrder` sorts by instant and keeps file order among equal instants, as a stable sort of
/// (instant, position) would.
@Suite struct EventOrderTests {
    @Test(arguments: [[], [5], [3, 1, 2], [1, 1, 1], [2, 1, 2, 1, 0], [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 1],
                      [1, 2, 3, 10, 4, 5, 6, 6, 7], [5, 6, 7, 1, 2, 3, 4]])
    func sortsLikeAStableSort(seconds: [Int64]) {
        let instants = seconds.map { CELTimestamp(seconds: $0, nanos: 0) }
        let expected = instants.indices.sorted { instants[$0] != instants[$1] ? instants[$0] < instants[$1] : $0 < $1 }
        #expect(EventOrder.positions(sorting: instants) == expected)
    }

    /// Lengths around each power of two, with many ties, from a fixed generator.
    @Test func sortsGeneratedHistories() {
        var generator = SeededGenerator(seed: 42)
        for count in [2, 3, 15, 16, 17, 31, 32, 33, 100, 257, 1_000] {
            let instants = (0..<count).map { _ in CELTimestamp(seconds: Int64(generator.next() % 40), nanos: 0) }
            let expected = instants.indices.sorted { instants[$0] != instants[$1] ? instants[$0] < instants[$1] : $0 < $1 }
            #expect(EventOrder.positions(sorting: instants) == expected, "\(count) events")
        }
    }
}
