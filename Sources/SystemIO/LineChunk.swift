import Foundation

/// One chunk of lines of a `LinePipeline` and their results, filled by the workers (each index once).
final class LineChunk<Result: Sendable>: @unchecked Sendable {
    // The condition guards `results` and `remaining`; `lines` never changes.
    private let condition = NSCondition()
    let lines: [(number: Int, bytes: [UInt8])]
    private var results: [Result?]
    private var remaining: Int

    init(lines: [(number: Int, bytes: [UInt8])]) {
        self.lines = lines
        results = Array(repeating: nil, count: lines.count)
        remaining = lines.count
    }

    func store(_ result: Result, at index: Int) {
        condition.lock()
        results[index] = result
        remaining -= 1
        if remaining == 0 { condition.broadcast() }
        condition.unlock()
    }

    /// Every line's result, in input order, once all are decided.
    func waitForAll() -> [LineResult<Result>] {
        condition.lock()
        defer { condition.unlock() }
        while remaining > 0 { condition.wait() }
        // Every index was stored once `remaining` is 0.
        return zip(lines, results).compactMap { line, result in result.map { LineResult(line: line.number, result: $0) } }
    }
}
