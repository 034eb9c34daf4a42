import ArgumentParser
import Evaluation
import Facts
import Foundation
import JSON
import Output
import RuleModel
import Rules

/// `rulecheck eval --batch`: one state per input line (NDJSON), one decision per output line in
/// input order, each the `--format json` decision of that state written on one line. A line that
/// is not a usable state becomes `{"line": N, "path": …, "error": …}` and the run goes on.
/// Lines are read and decided in chunks (`jobs` at a time on every core), so memory stays
/// bounded however long the input is. Blank lines are skipped.
struct BatchEvaluation {
    /// Planned once for every line.
    let replay: Replay
    /// The rules as titled for `--locale`, and the renderer (with `meta`) of `--format json`.
    let shown: RuleSet
    let renderer: DecisionJSONRenderer
    let now: String?
    let jobs: Int
    /// Lines decided together: enough to keep every core busy, few enough to bound memory.
    var chunkSize: Int { jobs * 32 }

    /// Reads `input` to its end, writing to standard output; returns how many lines were read
    /// and how many failed. Progress goes to stderr when it is a terminal. A failed write ends
    /// the run (exit status 2).
    func run(input: FileHandle) throws(ExitCode) -> (lines: Int, failed: Int) {
        var reader = LineReader(handle: input)
        var lineNumber = 0
        var failed = 0
        let showsProgress = isatty(STDERR_FILENO) == 1
        while true {
            var chunk: [(number: Int, bytes: [UInt8])] = []
            while chunk.count < chunkSize, let line = reader.next() {
                lineNumber += 1
                if !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }) {
                    chunk.append((lineNumber, line))
                }
            }
            if chunk.isEmpty { break }
            let results = BatchResults(count: chunk.count)
            let lines = chunk
            // `jobs` workers, each taking every `jobs`-th line of the chunk.
            let workers = Swift.min(jobs, lines.count)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for index in stride(from: worker, to: lines.count, by: workers) {
                    results.store(decide(lines[index].bytes, line: lines[index].number), at: index)
                }
            }
            var text = ""
            for result in results.all {
                text += result.text
                if result.failed { failed += 1 }
            }
            try StandardStream.output.write(text)
            if showsProgress { try StandardStream.error.write("\rrulecheck: \(lineNumber) lines, \(failed) failed") }
        }
        if showsProgress { try StandardStream.error.write("\n") }
        return (lineNumber, failed)
    }

    /// One line's output line.
    func decide(_ bytes: [UInt8], line: Int) -> (text: String, failed: Bool) {
        do {
            let state = try StateFile.parse(json: bytes, file: "line \(line)")
            let evaluation = try UserEvaluation(replay: replay, state: state, now: try UserEvaluation.moment(now, fallback: state.now),
                                                keepsBindings: false)
            return (renderer.renderLine(evaluation.decision.retitled(by: shown)), false)
        } catch {
            var fields: [(key: String, value: JSONValue)] = [("line", .int(Int64(line)))]
            if !error.path.components.isEmpty { fields.append(("path", .string(error.path.description))) }
            fields.append(("error", .string(error.message)))
            return (JSONWriter.write(.object(JSONObject(fields)), layout: .compact) + "\n", true)
        }
    }
}

/// Output lines of one chunk, filled from several threads (each index once) and read after.
private final class BatchResults: @unchecked Sendable {
    // A lock keeps the stores race-free; each chunk stores a few hundred lines, so it costs nothing.
    private let lock = NSLock()
    private var results: [(text: String, failed: Bool)]

    init(count: Int) {
        results = Array(repeating: ("", false), count: count)
    }

    func store(_ result: (text: String, failed: Bool), at index: Int) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }

    var all: [(text: String, failed: Bool)] {
        lock.lock()
        defer { lock.unlock() }
        return results
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
