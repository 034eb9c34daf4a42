import Diagnostics
import Foundation
import Testing
@testable import YAMLSource

/// Files, limits, node positions and the shape of the tree.
@Suite struct YAMLLoaderTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("yamlsource-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func oversizeFileIsRejectedBeforeParsing() throws {
        let directory = try YAMLLoaderTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("huge.yaml")
        // Valid YAML, so only the size can be the reason; one byte over the limit.
        var bytes = [UInt8]("schema: 1\nnote: ".utf8)
        bytes += [UInt8](repeating: 0x61, count: YAMLLoader.maxFileSize + 1 - bytes.count - 1) + [0x0A]
        #expect(bytes.count == YAMLLoader.maxFileSize + 1)
        try Data(bytes).write(to: file)
        let result = YAMLLoader.load(path: file.path)
        #expect(result.document == nil)
        #expect(result.diagnostics.map(\.code) == ["E101"])
        #expect(result.diagnostics.first?.span?.file == file.path)
        #expect(result.diagnostics.first?.message == "the file is 10.0 MiB; rule files are limited to 10 MiB")
    }

    @Test func fileAtTheLimitIsAccepted() throws {
        let directory = try YAMLLoaderTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.yaml")
        // Mostly a comment: the limit is what is tested, not how fast a huge scalar loads.
        var bytes = [UInt8]("schema: 1\n# ".utf8)
        bytes += [UInt8](repeating: 0x61, count: YAMLLoader.maxFileSize - bytes.count - 1) + [0x0A]
        try Data(bytes).write(to: file)
        let result = YAMLLoader.load(path: file.path)
        #expect(result.diagnostics.isEmpty)
        #expect(result.document != nil)
    }

    @Test func loadPathReadsTheFileAndNamesIt() throws {
        let directory = try YAMLLoaderTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("rules.yaml")
        try "schema: 1\na: 1\na: 2\n".write(to: file, atomically: true, encoding: .utf8)
        let result = YAMLLoader.load(path: file.path)
        #expect(result.document?.file == file.path)
        #expect(result.diagnostics.map(\.code) == ["E103"])
        #expect(result.diagnostics.first?.span?.file == file.path)
    }

    @Test(arguments: ["/nonexistent/rules.yaml", "/"])
    func unreadablePathIsADiagnostic(path: String) {
        let result = YAMLLoader.load(path: path)
        #expect(result.document == nil)
        #expect(result.diagnostics.map(\.code) == ["E102"])
        #expect(result.diagnostics.first?.span?.file == path)
    }

    @Test func deepNestingIsRejectedWithoutOverflowingTheStack() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let result = YAMLLoader.load(text: deep, file: "deep.yaml")
        #expect(result.document == nil)
        #expect(result.diagnostics.map(\.code) == ["E109"])
        #expect(result.diagnostics.first?.span?.start == SourcePosition(line: 1, column: 1001))
    }

    @Test func nestingAtTheLimitIsAccepted() {
        let text = String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)
        let result = YAMLLoader.load(text: text, file: "deep.yaml")
        #expect(result.diagnostics.isEmpty)
        #expect(result.document != nil)
    }

    @Test func aliasesCannotNestPastTheDepthLimit() {
        let inner = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let text = "a: &a \(inner)\nb: \(String(repeating: "[", count: 500))*a\(String(repeating: "]", count: 500))\n"
        let result = YAMLLoader.load(text: text, file: "deep.yaml")
        #expect(result.diagnostics.map(\.code) == ["E109"])
    }

    /// Rejected by counting the nodes aliases would add, before any is built (no tree returned).
    @Test func billionLaughsFailsFast() {
        let result = FixtureFiles.load("diagnostics/alias-bomb.yaml")
        #expect(result.document == nil)
        #expect(result.diagnostics.map(\.code) == ["E108"])
    }

    @Test func undefinedAliasKeepsTheDocument() throws {
        let result = YAMLLoader.load(text: "a: *nope\nb: 1\n", file: "t.yaml")
        #expect(result.diagnostics.map(\.code) == ["E107"])
        let root = try #require(result.document?.root)
        #expect(FixtureFiles.value("b", in: root)?.scalarValue == .int(1))
    }

    @Test func positionsAreOneBasedAndCountUnicodeScalars() throws {
        let text = "schema: 1\ntitle: 专注新手\nitems:\n  - { id: a, points: 5 }\n"
        let root = try #require(YAMLLoader.load(text: text, file: "p.yaml").document?.root)
        let title = try #require(FixtureFiles.value("title", in: root))
        #expect(title.span == SourceSpan(file: "p.yaml", start: SourcePosition(line: 2, column: 8),
                                         end: SourcePosition(line: 2, column: 12)))
        guard case .sequence(let items)? = FixtureFiles.value("items", in: root)?.kind else {
            Issue.record("items is not a sequence")
            return
        }
        let item = try #require(items.first)
        #expect(item.isFlowCollection)
        #expect(item.span.start == SourcePosition(line: 4, column: 5))
        #expect(FixtureFiles.value("points", in: item)?.span.start == SourcePosition(line: 4, column: 22))
    }

    @Test func linesCountCRLFAndSkipTheBOM() throws {
        let text = "\u{FEFF}schema: 1\r\ntitle: x\r\n\r\nlast: 专 y\n"
        let document = try #require(YAMLLoader.load(text: text, file: "crlf.yaml").document)
        #expect(document.line(1) == "schema: 1")
        #expect(document.line(2) == "title: x")
        #expect(document.line(3) == "")
        #expect(document.line(4) == "last: 专 y")
        #expect(document.line(5) == "")
        #expect(document.line(6) == nil)
        #expect(document.line(0) == nil)
        #expect(FixtureFiles.value("last", in: document.root)?.span.start == SourcePosition(line: 4, column: 7))
        #expect(FixtureFiles.value("schema", in: document.root)?.span.start == SourcePosition(line: 1, column: 9))
    }

    @Test func invalidUTF8BytesAreRejectedWithTheirPosition() {
        let bytes = [UInt8]("a: 1\nb: ok".utf8) + [0xC3, 0x28] + [UInt8]("\n".utf8)
        let result = YAMLLoader.load(bytes: bytes, file: "bad.yaml")
        #expect(result.document == nil)
        #expect(result.diagnostics.map(\.code) == ["E104"])
        #expect(result.diagnostics.first?.span?.start == SourcePosition(line: 2, column: 6))
    }

    @Test(arguments: [[0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func malformedSequencesAreInvalid(sequence: [UInt8]) {
        #expect(UTF8Validation.firstInvalidOffset([0x61] + sequence) == 1)
    }

    @Test func controlCharacterIsASyntaxErrorAtItsPosition() {
        let result = YAMLLoader.load(text: "a: 1\nb: x\u{0}y\n", file: "nul.yaml")
        #expect(result.diagnostics.map(\.code) == ["E100"])
        #expect(result.diagnostics.first?.span?.start == SourcePosition(line: 2, column: 5))
    }

    @Test func nodesKnowTagAnchorAndAlias() throws {
        let text = "a: &base !!map {x: 1}\nb: *base\nc: !local text\n"
        let root = try #require(YAMLLoader.load(text: text, file: "t.yaml").document?.root)
        let a = try #require(FixtureFiles.value("a", in: root))
        #expect(a.anchor == "base")
        #expect(a.tag == "!!map")
        #expect(!a.isAlias)
        let b = try #require(FixtureFiles.value("b", in: root))
        #expect(b.isAlias)
        #expect(b.anchor == "base")
        #expect(b.span.start == SourcePosition(line: 2, column: 4))
        #expect(FixtureFiles.value("x", in: b)?.scalarValue == .int(1))
        #expect(FixtureFiles.value("c", in: root)?.tag == "!local")
    }

    @Test func mergeKeysExpandWithExplicitKeysAndEarlierMergesWinning() throws {
        let result = FixtureFiles.load("diagnostics/merge-keys.yaml")
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.document?.root)
        guard case .sequence(let achievements)? = FixtureFiles.value("achievements", in: root)?.kind,
              achievements.count == 2 else {
            Issue.record("achievements is not a list of two")
            return
        }
        func entries(_ node: YAMLNode) -> [String] {
            guard case .mapping(let pairs) = node.kind else { return [] }
            return pairs.map { "\($0.key.scalarText ?? "?")=\($0.value.scalarText ?? "?")" }
        }
        #expect(entries(achievements[0]) == ["category=focus", "rarity=common", "id=first", "points=20"])
        #expect(entries(achievements[1]) == ["points=50", "icon=star", "category=focus", "rarity=common", "id=second"])
    }

    @Test func duplicateKeyKeepsTheFirstEntry() throws {
        let result = YAMLLoader.load(text: "a: 1\nb: 2\na: 3\n", file: "t.yaml")
        let root = try #require(result.document?.root)
        #expect(FixtureFiles.value("a", in: root)?.scalarValue == .int(1))
        guard case .mapping(let pairs) = root.kind else { return }
        #expect(pairs.count == 2)
    }

    @Test func duplicateKeysAreFoundInLargeMappings() {
        var text = ""
        for i in 0..<40 { text += "key\(i): \(i)\n" }
        text += "key7: again\n"
        let result = YAMLLoader.load(text: text, file: "t.yaml")
        #expect(result.diagnostics.map(\.code) == ["E103"])
        #expect(result.diagnostics.first?.notes.first?.span?.start == SourcePosition(line: 8, column: 1))
    }

    @Test func anExplicitDocumentEndBeforeASecondDocumentIsStillTwoDocuments() {
        let result = YAMLLoader.load(text: "schema: 1\n...\n---\nschema: 1\n", file: "t.yaml")
        #expect(result.document == nil)
        #expect(result.diagnostics.map(\.code) == ["E106"])
    }

    @Test func singleExplicitDocumentIsFine() {
        let result = YAMLLoader.load(text: "%YAML 1.2\n---\nschema: 1\n...\n", file: "t.yaml")
        #expect(result.diagnostics.isEmpty)
        #expect(result.document?.root.isFlowCollection == false)
    }
}
