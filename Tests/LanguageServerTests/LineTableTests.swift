import Diagnostics
import LanguageServer
import Testing

@Suite struct LineTableTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String, line: Int, column: Int, protocolLine: Int, character: Int
        /// Whether the protocol position leads back to the same loader position.
        var roundTrips = true
        var testDescription: String { "\(line):\(column) in \(text.debugDescription)" }
    }

    static let cases: [Case] = [
        Case(text: "abc\ndef", line: 2, column: 3, protocolLine: 1, character: 2),
        Case(text: "title: 专注新手 x", line: 1, column: 12, protocolLine: 0, character: 11),
        // 😀 is one scalar and two UTF-16 code units.
        Case(text: "t: 😀😀 y", line: 1, column: 7, protocolLine: 0, character: 8),
        Case(text: "a\r\nb😀c\rd", line: 2, column: 3, protocolLine: 1, character: 3),
        Case(text: "a\r\nb😀c\rd", line: 3, column: 2, protocolLine: 2, character: 1),
        // One past the end of a line stays at its end.
        Case(text: "ab\ncd", line: 1, column: 9, protocolLine: 0, character: 2, roundTrips: false),
    ]

    @Test(arguments: cases)
    func loaderPositionsBecomeUTF16Positions(_ example: Case) {
        let table = LineTable(example.text)
        let position = table.position(of: SourcePosition(line: example.line, column: example.column))
        #expect(position == LSPPosition(line: example.protocolLine, character: example.character))
        if example.roundTrips {
            #expect(table.sourcePosition(of: position) == SourcePosition(line: example.line, column: example.column))
        }
    }

    @Test func aCharacterInsideASurrogatePairIsClampedToItsStart() {
        let table = LineTable("😀x")
        #expect(table.sourcePosition(of: LSPPosition(line: 0, character: 1)) == SourcePosition(line: 1, column: 1))
        #expect(table.sourcePosition(of: LSPPosition(line: 0, character: 2)) == SourcePosition(line: 1, column: 2))
    }

    @Test func rangedReplacementsEditTheText() {
        let table = LineTable("名字: 专注\nwhen: x > 1\n")
        let range = LSPRange(start: LSPPosition(line: 1, character: 6), end: LSPPosition(line: 1, character: 7))
        #expect(table.replacing(range, with: "metrics.y") == "名字: 专注\nwhen: metrics.y > 1\n")
        let past = LSPRange(start: LSPPosition(line: 9, character: 0), end: LSPPosition(line: 9, character: 0))
        #expect(table.replacing(past, with: "z") == "名字: 专注\nwhen: x > 1\nz")
    }
}
