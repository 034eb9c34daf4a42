import Diagnostics
import Foundation
import Testing

/// `SourcePosition` keeps lines and columns in 32 bits each behind `Int` properties: every
/// number a file of the size limit can have reads back as given, a larger one is clamped (and
/// said not to be represented), order is by line then column, and the encoded form is unchanged.
@Suite struct SourcePositionTests {
    @Test(arguments: [(1, 1), (12, 40), (10_485_760, 10_485_760), (Int(Int32.max), 1)])
    func readsBackAsGiven(line: Int, column: Int) {
        let position = SourcePosition(line: line, column: column)
        #expect((position.line, position.column) == (line, column))
        #expect(SourcePosition.represents(line) && SourcePosition.represents(column))
    }

    @Test func aNumberPast32BitsIsClamped() {
        var position = SourcePosition(line: 1 << 40, column: 3)
        #expect(position.line == Int(Int32.max))
        #expect(!SourcePosition.represents(1 << 40))
        position.column = -(1 << 40)
        #expect(position.column == Int(Int32.min))
    }

    @Test func orderIsByLineThenColumn() {
        let positions = [(2, 1), (1, 9), (1, 2), (10, 1)].map { SourcePosition(line: $0.0, column: $0.1) }
        #expect(positions.sorted().map { [$0.line, $0.column] } == [[1, 2], [1, 9], [2, 1], [10, 1]])
    }

    @Test func encodesAsLineAndColumn() throws {
        let span = SourceSpan(file: "a.yaml", start: SourcePosition(line: 3, column: 5), end: SourcePosition(line: 3, column: 9))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(span), as: UTF8.self)
        #expect(text == #"{"end":{"column":9,"line":3},"file":"a.yaml","start":{"column":5,"line":3}}"#)
        #expect(try JSONDecoder().decode(SourceSpan.self, from: Data(text.utf8)) == span)
    }
}
