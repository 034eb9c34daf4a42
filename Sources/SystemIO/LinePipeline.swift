import Foundation

/// Lines of NDJSON decided on every core, handed back in input order (`eval --batch`, `diff
/// --states`): one state per line, read and decided in chunks, so memory stays bounded however
/// long the input is. Blank lines are skipped (their numbers still count).
///
/// The reading thread and `jobs` workers form a pipeline: while the workers decide one chunk
/// (each taking the next undecided line, so a slow state holds up no other worker), the reading
/// thread hands on the chunk before it and reads the chunk after it. At most two chunks are in
/// flight.
package struct LinePipeline<Result: Sendable>: Sendable {
    package let jobs: Int
    /// Lines read together: enough to keep every core busy, few enough to bound memory.
    package var chunkSize: Int { jobs * 32 }

    package init(jobs: Int) {
        self.jobs = max(1, jobs)
    }

    /// Reads `input` to its end. `worker(index)` runs once on each worker's own thread and gives
    /// the function that decides a line there (its bytes without the newline, its 1-based number).
    /// `consume` gets every decided chunk in input order, with the number of lines read so far;
    /// when it throws, the workers stop and the error ends the run. Returns the lines read.
    package func run<Failure: Error>(
        input: FileHandle,
        worker: @escaping @Sendable (Int) -> (@Sendable ([UInt8], Int) -> Result),
        consume: ([LineResult<Result>], Int) throws(Failure) -> Void
    ) throws(Failure) -> Int {
        var reader = LineReader(handle: input)
        var lineNumber = 0
        let queue = LineQueue<Result>()
        let workers = DispatchGroup()
        for index in 0..<jobs {
            DispatchQueue.global().async(group: workers) {
                let decide = worker(index)
                while let (chunk, position, line) = queue.nextLine() {
                    chunk.store(decide(line.bytes, line.number), at: position)
                }
            }
        }
        // Stops the workers however the run ends (a failed write included).
        defer {
            queue.finish()
            workers.wait()
        }
        var inFlight: [LineChunk<Result>] = []
        var inputEnded = false
        while !inputEnded || !inFlight.isEmpty {
            if !inputEnded {
                var lines: [(number: Int, bytes: [UInt8])] = []
                while lines.count < chunkSize, let line = reader.next() {
                    lineNumber += 1
                    if !Self.isBlank(line) { lines.append((lineNumber, line)) }
                }
                if lines.isEmpty {
                    inputEnded = true
                } else {
                    let chunk = LineChunk<Result>(lines: lines)
                    queue.add(chunk)
                    inFlight.append(chunk)
                }
            }
            // Hand on the oldest chunk once a second one is queued behind it (or the input ended).
            guard inFlight.count > 1 || (inputEnded && !inFlight.isEmpty) else { continue }
            try consume(inFlight.removeFirst().waitForAll(), lineNumber)
        }
        return lineNumber
    }

    private static func isBlank(_ line: [UInt8]) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }
}

/// One decided line: its 1-based number in the input and what the worker made of it.
package struct LineResult<Result: Sendable>: Sendable {
    package var line: Int
    package var result: Result
}
