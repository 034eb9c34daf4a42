import Diagnostics
import Testing
@testable import YAMLSource

/// NEL, LS and PS are ordinary characters (YAML 1.2, and what editors show): in a comment they do
/// not end the comment or shift the line numbers after it; in a value they are kept.
@Suite struct LineBreakCharacterTests {
    static let characters: [(name: String, character: String)] = [
        ("U+2028 LINE SEPARATOR", "\u{2028}"), ("U+0085 NEXT LINE", "\u{85}"), ("U+2029 PARAGRAPH SEPARATOR", "\u{2029}"),
    ]

    @Test(arguments: characters)
    func commentHoldingTheCharacterBeforeAnErrorKeepsLineNumbers(name: String, character: String) throws {
        let text = "a: 1\n# note \(character) more text\nb: [\n"
        let result = YAMLLoader.load(text: text, file: "t.yaml")
        let error = try #require(result.diagnostics.first, "\(name)")
        #expect(error.code == "E100")
        #expect(error.span?.start.line == 4, "\(name): \(error.message)")
    }

    @Test(arguments: characters)
    func duplicateKeyAfterTheCharacterIsOnItsLine(name: String, character: String) throws {
        let text = "a: 1\n# \(character)\(character)\nb: x \(character) y\na: 2\n"
        let result = YAMLLoader.load(text: text, file: "t.yaml")
        #expect(result.diagnostics.map(\.code) == ["E103"], "\(name)")
        #expect(result.diagnostics.first?.span?.start == SourcePosition(line: 4, column: 1), "\(name)")
        let root = try #require(result.document?.root)
        #expect(FixtureFiles.value("b", in: root)?.scalarText == "x \(character) y", "\(name): the value keeps the character")
        #expect(SourceLines(bytes: Array(text.utf8)).line(3) == "b: x \(character) y")
    }
}
