import Diagnostics

/// Maps offsets inside a scalar's value back to file positions. Built by the loader from the raw
/// source for plain, single- and double-quoted (up to the first escape) and literal block scalars.
///
/// Stored as runs of consecutive characters on one line, so a one-line value costs one entry
/// however long it is; the first run is kept inline, so that common case allocates nothing.
package struct ScalarPositionMap: Sendable, Hashable {
    /// `length` value offsets starting at `offset`, written left to right from `start` on one line.
    package struct Run: Sendable, Hashable {
        package var offset: Int
        package var start: SourcePosition
        package var length: Int

        package init(offset: Int, start: SourcePosition, length: Int) {
            self.offset = offset
            self.start = start
            self.length = length
        }
    }

    private var firstRun: Run?
    private var laterRuns: [Run] = []

    /// Runs in increasing, gap-free offset order starting at offset 0.
    package var runs: [Run] {
        guard let firstRun else { return [] }
        return [firstRun] + laterRuns
    }

    package init(runs: [Run]) {
        firstRun = runs.first
        laterRuns = Array(runs.dropFirst())
    }

    /// One position per offset (the explicit form; the loader builds runs).
    package init(positions: [SourcePosition]) {
        for position in positions { append(position) }
    }

    init(singleRun: Run) {
        firstRun = singleRun
    }

    /// `positions[i]` is the file position of the value's i-th Unicode scalar; one extra entry
    /// for the end. Entries may be missing (shorter array) past the first untraceable character.
    package var positions: [SourcePosition] {
        var result: [SourcePosition] = []
        result.reserveCapacity(count)
        for run in runs {
            for k in 0..<run.length {
                result.append(SourcePosition(line: run.start.line, column: run.start.column + k))
            }
        }
        return result
    }

    /// Number of offsets with a known position.
    package var count: Int {
        guard let last = laterRuns.last ?? firstRun else { return 0 }
        return last.offset + last.length
    }

    /// The file position of value offset `offset`, if known.
    package func position(ofOffset offset: Int) -> SourcePosition? {
        guard offset >= 0 && offset < count, let firstRun else { return nil }
        var run = firstRun
        if let next = laterRuns.first, next.offset <= offset {
            var low = 0, high = laterRuns.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if laterRuns[mid].offset <= offset { low = mid } else { high = mid - 1 }
            }
            run = laterRuns[low]
        }
        return SourcePosition(line: run.start.line, column: run.start.column + (offset - run.offset))
    }

    /// Adds the position of the next offset, extending the last run when it continues it.
    mutating func append(_ position: SourcePosition) {
        let offset = count
        guard let first = firstRun else {
            firstRun = Run(offset: 0, start: position, length: 1)
            return
        }
        let last = laterRuns.last ?? first
        if last.start.line == position.line && last.start.column + last.length == position.column {
            if laterRuns.isEmpty { firstRun?.length += 1 } else { laterRuns[laterRuns.count - 1].length += 1 }
        } else {
            laterRuns.append(Run(offset: offset, start: position, length: 1))
        }
    }
}
