/// Maps Unicode-scalar offsets of an expression source to 1-based lines and columns.
struct CELSourceLocator: Sendable {
    /// Offset of the first scalar of every line.
    private let lineStarts: [Int]
    let count: Int

    init(_ scalars: [Unicode.Scalar]) {
        var starts = [0]
        for (offset, scalar) in scalars.enumerated() where scalar == "\n" {
            starts.append(offset + 1)
        }
        lineStarts = starts
        count = scalars.count
    }

    init(_ source: String) {
        self.init(Array(source.unicodeScalars))
    }

    /// 1-based line and column of `offset`.
    func location(of offset: Int) -> (line: Int, column: Int) {
        // Binary search for the last line start ≤ offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    func issue(_ message: String, at range: CELSourceRange) -> CELIssue {
        let start = max(0, range.start)
        let (line, column) = location(of: start)
        return CELIssue(message: message, offset: start, length: max(1, range.end - start),
                        line: line, column: column)
    }
}
