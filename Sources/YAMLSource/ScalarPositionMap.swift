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

    /// The first run, packed in 32-bit fields (a rule file is at most 10 MB, so its lines and
    /// columns fit): nearly every scalar is one run, and a node carries its map inline.
    /// `headLength == 0` means no packed run: either no runs at all, or (a first run whose
    /// numbers do not fit) all of them in `laterRuns`.
    private var headLine: UInt32 = 0
    private var headColumn: UInt32 = 0
    private var headLength: UInt32 = 0
    private var laterRuns: [Run] = []

    private var firstRun: Run? {
        if headLength > 0 {
            return Run(offset: 0, start: SourcePosition(line: Int(headLine), column: Int(headColumn)), length: Int(headLength))
        }
        return laterRuns.first
    }

    /// Runs after the first.
    private var tailRuns: ArraySlice<Run> {
        headLength > 0 ? laterRuns[...] : laterRuns.dropFirst()
    }

    /// Runs in increasing, gap-free offset order starting at offset 0.
    package var runs: [Run] {
        headLength > 0 ? [firstRun].compactMap { $0 } + laterRuns : laterRuns
    }

    package init(runs: [Run]) {
        guard let first = runs.first else { return }
        if packHead(first) {
            laterRuns = Array(runs.dropFirst())
        } else {
            laterRuns = runs
        }
    }

    /// One position per offset (the explicit form; the loader builds runs).
    package init(positions: [SourcePosition]) {
        for position in positions { append(position) }
    }

    init(singleRun: Run) {
        if !packHead(singleRun) { laterRuns = [singleRun] }
    }

    /// Stores `run` packed when its numbers fit; false (nothing stored) otherwise.
    private mutating func packHead(_ run: Run) -> Bool {
        guard run.offset == 0, run.length > 0, let line = UInt32(exactly: run.start.line),
              let column = UInt32(exactly: run.start.column), let length = UInt32(exactly: run.length)
        else { return false }
        (headLine, headColumn, headLength) = (line, column, length)
        return true
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
        if let last = laterRuns.last { return last.offset + last.length }
        return Int(headLength)
    }

    /// The file position of value offset `offset`, if known.
    package func position(ofOffset offset: Int) -> SourcePosition? {
        guard offset >= 0 && offset < count, var run = firstRun else { return nil }
        let tail = tailRuns
        if let next = tail.first, next.offset <= offset {
            var low = tail.startIndex, high = tail.endIndex - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if tail[mid].offset <= offset { low = mid } else { high = mid - 1 }
            }
            run = tail[low]
        }
        return SourcePosition(line: run.start.line, column: run.start.column + (offset - run.offset))
    }

    /// Adds the position of the next offset, extending the last run when it continues it.
    mutating func append(_ position: SourcePosition) {
        let offset = count
        guard let first = firstRun else {
            let run = Run(offset: 0, start: position, length: 1)
            if !packHead(run) { laterRuns = [run] }
            return
        }
        let last = laterRuns.last ?? first
        if last.start.line == position.line && last.start.column + last.length == position.column {
            if !laterRuns.isEmpty {
                laterRuns[laterRuns.count - 1].length += 1
            } else if headLength < UInt32.max {
                headLength += 1
            } else {
                (headLine, headColumn, headLength) = (0, 0, 0)
                laterRuns = [first, Run(offset: offset, start: position, length: 1)]
            }
        } else {
            laterRuns.append(Run(offset: offset, start: position, length: 1))
        }
    }
}
