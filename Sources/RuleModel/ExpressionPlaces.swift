import Diagnostics

/// Where the characters of an expression are written in its rule file: runs of offsets inside
/// the expression that lie left to right on one line. A report about part of an expression
/// (the attribute a `rule_error` could not find) points there instead of at the expression's start.
package struct ExpressionPlaces: Sendable, Hashable {
    /// `length` offsets from `offset` on, written from `start` on one line.
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

    package var runs: [Run]

    package init(runs: [Run]) { self.runs = runs }

    /// The file position of the character at `offset` (in Unicode scalars), if a run holds it.
    package func position(ofOffset offset: Int) -> SourcePosition? {
        guard let run = runs.last(where: { $0.offset <= offset }), offset < run.offset + run.length else { return nil }
        return SourcePosition(line: run.start.line, column: run.start.column + offset - run.offset)
    }
}
