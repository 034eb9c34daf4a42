import Foundation

/// The lines of a `LinePipeline` not yet taken by a worker, oldest chunk first.
final class LineQueue<Result: Sendable>: @unchecked Sendable {
    // The condition guards everything below.
    private let condition = NSCondition()
    private var chunks: [(chunk: LineChunk<Result>, next: Int)] = []
    private var finished = false

    func add(_ chunk: LineChunk<Result>) {
        condition.lock()
        chunks.append((chunk, 0))
        condition.broadcast()
        condition.unlock()
    }

    /// No more lines: the workers stop. Lines not taken yet are dropped (the run failed if any
    /// are left, since the reading thread waits for every chunk it hands on).
    func finish() {
        condition.lock()
        finished = true
        chunks.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// The next line to decide, waiting for one; nil once finished and empty.
    func nextLine() -> (chunk: LineChunk<Result>, index: Int, line: (number: Int, bytes: [UInt8]))? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let first = chunks.first {
                let index = first.next
                if index + 1 == first.chunk.lines.count {
                    chunks.removeFirst()
                } else {
                    chunks[0].next = index + 1
                }
                return (first.chunk, index, first.chunk.lines[index])
            }
            if finished { return nil }
            condition.wait()
        }
    }
}
