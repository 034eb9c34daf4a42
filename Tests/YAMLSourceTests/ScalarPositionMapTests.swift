import Diagnostics
import Testing
@testable import YAMLSource

/// Every scalar style's position map must send characters of the value to where they are
/// written in the file. The expected positions come from the raw file, not from the loader.
@Suite struct ScalarPositionMapTests {
    static let fixtures: [(String, ScalarStyle)] = [
        ("plain.yaml", .plain),
        ("plain-multiline.yaml", .plain),
        ("single-quoted.yaml", .singleQuoted),
        ("double-quoted.yaml", .doubleQuoted),
        ("literal.yaml", .literal),
        ("flow-plain.yaml", .plain),
    ]

    /// 1-based line and column (in Unicode scalars) of the first `needle` in `text`.
    static func filePosition(of needle: String, in text: String) -> SourcePosition? {
        guard let range = text.range(of: needle) else { return nil }
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let column = text[lineStart..<range.lowerBound].unicodeScalars.count + 1
        return SourcePosition(line: line, column: column)
    }

    static func markedScalar(in document: YAMLDocument) -> YAMLNode? {
        FixtureFiles.allNodes(document.root).first { ($0.scalarText ?? "").contains("MARK") }
    }

    @Test(arguments: fixtures)
    func markerMapsToItsTruePosition(fixture: String, style: ScalarStyle) throws {
        let path = "positions/\(fixture)"
        let result = FixtureFiles.load(path)
        #expect(result.diagnostics.isEmpty)
        let document = try #require(result.document)
        let node = try #require(ScalarPositionMapTests.markedScalar(in: document))
        guard case .scalar(let text, let actualStyle) = node.kind else { return }
        #expect(actualStyle == style)
        let map = try #require(node.scalarMap)
        let markOffset = try #require(text.range(of: "MARK").map { text.unicodeScalars[..<$0.lowerBound].count })
        let truePosition = try #require(ScalarPositionMapTests.filePosition(of: "MARK", in: FixtureFiles.text(path)))
        for k in 0..<4 {
            let expected = SourcePosition(line: truePosition.line, column: truePosition.column + k)
            #expect(map.position(ofOffset: markOffset + k) == expected, "offset \(markOffset + k) of \(fixture)")
        }
    }

    /// Wherever the map knows a position, the file holds the value's character there (folded
    /// line breaks excepted: a space or newline of the value may sit on a break or a blank).
    @Test(arguments: fixtures)
    func everyMappedCharacterIsInTheFile(fixture: String, style: ScalarStyle) throws {
        let document = try #require(FixtureFiles.load("positions/\(fixture)").document)
        let node = try #require(ScalarPositionMapTests.markedScalar(in: document))
        let text = try #require(node.scalarText)
        let map = try #require(node.scalarMap)
        let valueScalars = Array(text.unicodeScalars)
        #expect(map.count >= 1)
        for (offset, value) in valueScalars.enumerated() {
            guard let position = map.position(ofOffset: offset) else { break }
            let line = Array((document.line(position.line) ?? "").unicodeScalars)
            let index = position.column - 1
            let written: Unicode.Scalar? = index < line.count ? line[index] : nil
            if value == " " || value == "\n" {
                #expect(written == nil || written == " " || written == "\t" || written == value,
                        "offset \(offset) of \(fixture) sits on \(String(describing: written))")
            } else {
                #expect(written == value, "offset \(offset) of \(fixture): expected \(value), file has \(String(describing: written))")
            }
        }
    }

    @Test func plainMultilineValueIsFolded() throws {
        let document = try #require(FixtureFiles.load("positions/plain-multiline.yaml").document)
        let node = try #require(ScalarPositionMapTests.markedScalar(in: document))
        #expect(node.scalarText == "metrics.focus >= 600 && metrics.tasks\n> MARK")
        #expect(node.scalarMap?.count == (node.scalarText?.unicodeScalars.count ?? 0) + 1, "fully mapped, end included")
    }

    @Test func doubleQuotedMapStopsAtTheFirstEscape() throws {
        let document = try #require(FixtureFiles.load("positions/double-quoted.yaml").document)
        let node = try #require(ScalarPositionMapTests.markedScalar(in: document))
        let text = try #require(node.scalarText)
        let map = try #require(node.scalarMap)
        let escaped = try #require(text.firstIndex(of: "\"").map { text.unicodeScalars[..<$0].count })
        #expect(map.count == escaped, "mapped up to the escaped quote, not past it")
    }

    @Test func literalKeepsExtraIndentation() throws {
        let document = try #require(FixtureFiles.load("positions/literal.yaml").document)
        let node = try #require(ScalarPositionMapTests.markedScalar(in: document))
        #expect(node.scalarText == "metrics.专注 >= 600\n  && MARK\n")
        #expect(node.scalarMap?.position(ofOffset: 0) == SourcePosition(line: 5, column: 7))
    }

    @Test func singleLinePlainIsOneRunAndEveryOffsetIsExact() throws {
        let source = "when: metrics.专注 >= 600\n"
        let node = try #require(YAMLLoader.load(text: source, file: "t.yaml").document.flatMap { FixtureFiles.value("when", in: $0.root) })
        let map = try #require(node.scalarMap)
        #expect(map.runs.count == 1)
        for offset in 0...(node.scalarText?.unicodeScalars.count ?? 0) {
            #expect(map.position(ofOffset: offset) == SourcePosition(line: 1, column: 7 + offset))
        }
        #expect(map.position(ofOffset: -1) == nil)
        #expect(map.positions.count == map.count)
    }

    @Test func taggedAndAnchoredScalarsMapFromTheirValue() throws {
        let source = "a: &x !!str  value MARK\nb: !t\n  MARK\n"
        let document = try #require(YAMLLoader.load(text: source, file: "t.yaml").document)
        let a = try #require(FixtureFiles.value("a", in: document.root)?.scalarMap)
        #expect(a.position(ofOffset: 6) == SourcePosition(line: 1, column: 20))
        let b = try #require(FixtureFiles.value("b", in: document.root)?.scalarMap)
        #expect(b.position(ofOffset: 0) == SourcePosition(line: 3, column: 3))
    }

    @Test func explicitPositionsRoundTrip() {
        let positions = [SourcePosition(line: 1, column: 5), SourcePosition(line: 1, column: 6),
                         SourcePosition(line: 2, column: 3)]
        let map = ScalarPositionMap(positions: positions)
        #expect(map.positions == positions)
        #expect(map.runs.count == 2)
        #expect(map.position(ofOffset: 2) == SourcePosition(line: 2, column: 3))
        #expect(map.position(ofOffset: 3) == nil)
    }

    static let inlineSources: [String] = [
        "when: |-\n  a &&\n  MARK\n",
        "when: |2\n     a\n    MARK\n",
        "list:\n  - |\n    x\n\n    y MARK\n",
        "when: >\n  folded\n  MARK\n",
        "when: 'a ''b''\n\n  c'' MARK'\n",
        "when: \"专注\tMARK\"\n",
        "when: \"a\\nb MARK\"\n",
        "key: &anchor\n  plain MARK\n",
        "{when: x MARK, other: 1}\n",
        "when: a\r\n  MARK\r\n",
    ]

    /// Whatever the style, a mapped `MARK` is where the file has it, and every mapped character
    /// is the one written there. (Folded scalars and text after an escape may stay unmapped.)
    @Test(arguments: inlineSources)
    func inlineScalarsMapTruthfully(source: String) throws {
        let document = try #require(YAMLLoader.load(text: source, file: "t.yaml").document)
        let node = try #require(ScalarPositionMapTests.markedScalar(in: document))
        guard let map = node.scalarMap, let text = node.scalarText else {
            guard case .scalar(_, let style) = node.kind else { return }
            #expect(style == .folded, "only folded scalars have no map")
            return
        }
        let values = Array(text.unicodeScalars)
        for (offset, value) in values.enumerated() where value != " " && value != "\n" {
            guard let position = map.position(ofOffset: offset) else { break }
            let line = Array((document.line(position.line) ?? "").unicodeScalars)
            #expect(position.column - 1 < line.count && line[position.column - 1] == value,
                    "offset \(offset) of \(source.debugDescription)")
        }
        let markOffset = try #require(text.range(of: "MARK").map { text.unicodeScalars[..<$0.lowerBound].count })
        if let mapped = map.position(ofOffset: markOffset) {
            let normalized = source.replacingOccurrences(of: "\r\n", with: "\n")
            #expect(mapped == ScalarPositionMapTests.filePosition(of: "MARK", in: normalized))
        } else {
            #expect(source.contains("\\"), "only text after an escape may be unmapped")
        }
    }
}
