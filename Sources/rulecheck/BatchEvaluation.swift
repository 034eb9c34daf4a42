import ArgumentParser
import Evaluation
import Facts
import Foundation
import JSON
import Output
import RuleModel
import RulecheckEngine
import Rules

/// `rulecheck eval --batch`: one state per input line (NDJSON), one decision per output line in
/// input order, each the `--format json` decision of that state written on one line. A line that
/// is not a usable state becomes `{"line": N, "path": …, "error": …}` and the run goes on.
/// Lines are read and decided in chunks (`jobs` at a time on every core), so memory stays
/// bounded however long the input is. Blank lines are skipped.
struct BatchEvaluation {
    /// The checked rules; every worker decides with its own copy of them.
    let rules: RuleSet
    let locale: String?
    let now: String?
    let jobs: Int
    /// Lines read together: enough to keep every core busy, few enough to bound memory.
    var chunkSize: Int { jobs * 32 }

    /// Reads `input` to its end, writing to standard output; returns how many lines were read
    /// and how many failed. Progress goes to stderr when it is a terminal. A failed write ends
    /// the run (exit status 2).
    ///
    /// The reading thread and `jobs` workers form a pipeline: while the workers decide one chunk
    /// (each taking the next undecided line, so a slow state holds up no other worker), this
    /// thread writes the chunk before it and reads the chunk after it. At most two chunks are in
    /// flight, so memory stays bounded.
    func run(input: FileHandle) throws(ExitCode) -> (lines: Int, failed: Int) {
        var reader = LineReader(handle: input)
        var lineNumber = 0
        var failed = 0
        let showsProgress = isatty(STDERR_FILENO) == 1
        let queue = BatchQueue()
        let workers = DispatchGroup()
        // The rules' compiled form, decoded again by every worker but the first (in its own
        // thread): the reference counts of objects two cores share bounce between their caches,
        // which cost 5–10% of a two-core batch. Checked rules always decode; were they not to,
        // sharing them is only slower.
        let bundle = jobs > 1 ? Array(RuleBundle.json(of: rules).utf8) : []
        for worker in 0..<jobs {
            DispatchQueue.global().async(group: workers) {
                let own = worker == 0 ? rules : (try? RuleBundle.decode(bundle)) ?? rules
                let decider = LineDecider(rules: own, locale: locale, now: now)
                while let (chunk, index, line) = queue.nextLine() {
                    chunk.store(decider.decide(line.bytes, line: line.number), at: index)
                }
            }
        }
        // Stops the workers however the run ends (a failed write included).
        defer {
            queue.finish()
            workers.wait()
        }
        var inFlight: [BatchChunk] = []
        var inputEnded = false
        while !inputEnded || !inFlight.isEmpty {
            if !inputEnded {
                var lines: [(number: Int, bytes: [UInt8])] = []
                while lines.count < chunkSize, let line = reader.next() {
                    lineNumber += 1
                    if !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }) {
                        lines.append((lineNumber, line))
                    }
                }
                if lines.isEmpty {
                    inputEnded = true
                } else {
                    let chunk = BatchChunk(lines: lines)
                    queue.add(chunk)
                    inFlight.append(chunk)
                }
            }
            // Write the oldest chunk once a second one is queued behind it (or the input ended).
            guard inFlight.count > 1 || (inputEnded && !inFlight.isEmpty) else { continue }
            let results = inFlight.removeFirst().waitForAll()
            var bytes: [UInt8] = []
            bytes.reserveCapacity(results.reduce(0) { $0 + $1.bytes.count })
            for result in results {
                bytes += result.bytes
                if result.failed { failed += 1 }
            }
            try StandardStream.output.write(bytes: bytes)
            if showsProgress { try StandardStream.error.write("\rrulecheck: \(lineNumber) lines, \(failed) failed") }
        }
        if showsProgress { try StandardStream.error.write("\n") }
        return (lineNumber, failed)
    }
}

/// What one worker decides lines with: the replay planned once, and the rules as titled for
/// `--locale` with the renderer (with `meta`) of `--format json`.
private struct LineDecider {
    let replay: Replay
    let shown: RuleSet
    let renderer: DecisionJSONRenderer
    let now: String?

    init(rules: RuleSet, locale: String?, now: String?) {
        replay = Replay(rules: rules)
        shown = rules.localized(to: locale)
        renderer = DecisionJSONRenderer(rules: rules, locale: locale)
        self.now = now
    }

    /// One line's output line (UTF-8, newline included).
    func decide(_ bytes: [UInt8], line: Int) -> (bytes: [UInt8], failed: Bool) {
        do {
            let state = try StateFile.parse(json: bytes, file: "line \(line)")
            let evaluation = try UserEvaluation(replay: replay, state: state, now: try UserEvaluation.moment(now, fallback: state.now),
                                                keepsBindings: false)
            return (renderer.renderLine(evaluation.decision.retitled(by: shown)), false)
        } catch {
            var fields: [(key: String, value: JSONValue)] = [("line", .int(Int64(line)))]
            if !error.path.components.isEmpty { fields.append(("path", .string(error.path.description))) }
            fields.append(("error", .string(error.message)))
            return (Array((JSONWriter.write(.object(JSONObject(fields)), layout: .compact) + "\n").utf8), true)
        }
    }
}

/// One chunk of lines and their output lines, filled by the workers (each index once).
private final class BatchChunk: @unchecked Sendable {
    // The condition guards `results` and `remaining`; `lines` never changes.
    private let condition = NSCondition()
    let lines: [(number: Int, bytes: [UInt8])]
    private var results: [(bytes: [UInt8], failed: Bool)]
    private var remaining: Int

    init(lines: [(number: Int, bytes: [UInt8])]) {
        self.lines = lines
        results = Array(repeating: ([], false), count: lines.count)
        remaining = lines.count
    }

    func store(_ result: (bytes: [UInt8], failed: Bool), at index: Int) {
        condition.lock()
        results[index] = result
        remaining -= 1
        if remaining == 0 { condition.broadcast() }
        condition.unlock()
    }

    /// Every line's output, in input order, once all are decided.
    func waitForAll() -> [(bytes: [UInt8], failed: Bool)] {
        condition.lock()
        defer { condition.unlock() }
        while remaining > 0 { condition.wait() }
        return results
    }
}

/// The lines not yet taken by a worker, oldest chunk first.
private final class BatchQueue: @unchecked Sendable {
    // The condition guards everything below.
    private let condition = NSCondition()
    private var chunks: [(chunk: BatchChunk, next: Int)] = []
    private var finished = false

    func add(_ chunk: BatchChunk) {
        condition.lock()
        chunks.append((chunk, 0))
        condition.broadcast()
        condition.unlock()
    }

    /// No more lines: the workers stop. Lines not taken yet are dropped (the run failed if any
    /// are left, since the reading thread waits for every chunk it writes).
    func finish() {
        condition.lock()
        finished = true
        chunks.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// The next line to decide, waiting for one; nil once finished and empty.
    func nextLine() -> (chunk: BatchChunk, index: Int, line: (number: Int, bytes: [UInt8]))? {
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

/// Lines of a file handle, read in blocks (without the newline; a last line may lack one).
private struct LineReader {
    let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(handle: FileHandle) {
        self.handle = handle
    }

    mutating func next() -> [UInt8]? {
        // Bytes from `start` before `scanned` hold no newline (a long line is not scanned again
        // after each read); the scan is memchr's, several times faster than a loop over bytes.
        var scanned = start
        while true {
            if let newline = Self.newline(in: buffer, from: scanned) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return line
            }
            scanned = buffer.count
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            scanned -= start
            buffer.removeFirst(start)
            start = 0
            let data = handle.readData(ofLength: 1 << 20)
            if data.isEmpty { atEnd = true } else { buffer.append(contentsOf: data) }
        }
    }

    /// The index of the first newline in `bytes` at or after `from`.
    private static func newline(in bytes: [UInt8], from: Int) -> Int? {
        guard from < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress,
                  let found = memchr(base + from, Int32(UInt8(ascii: "\n")), buffer.count - from) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }
}
