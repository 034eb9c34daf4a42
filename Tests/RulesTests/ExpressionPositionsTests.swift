import Diagnostics
import Foundation
import RuleModel
@testable import Rules
import Testing

/// `ExpressionPositions`: an offset inside a loaded expression back to its file position, in
/// every scalar style a `when` is written in (the folded style traced by its characters).
@Suite struct ExpressionPositionsTests {
    static let rules = """
        schema: 1
        achievements:
          - id: plain
            title: Plain
            when: size(events) >= 1 && now > timestamp("2026-01-01T00:00:00Z")
          - id: quoted
            title: Quoted
            when: "size(events) >= 2 || size(days) > 3"
          - id: folded
            title: Folded
            when: >-
              size(events) >= 3 &&
                size(days) >= 1
          - id: literal
            title: Literal
            when: |-
              size(events) >= 4
              || size(days) >= 2
        """

    /// (award, a fragment of its `when`, expected line and column of the fragment's start).
    @Test(arguments: [
        ("plain", "now >", 5, 32), ("quoted", "size(days)", 8, 33),
        ("folded", "size(events)", 12, 7), ("folded", "size(days)", 13, 9),
        ("literal", "|| size(days)", 18, 7),
    ])
    func mapsAnOffsetToItsFilePosition(award: String, fragment: String, line: Int, column: Int) throws {
        let folder = try TemporaryRuleFolder(["rules.yaml": Self.rules])
        defer { folder.remove() }
        let file = (folder.path as NSString).appendingPathComponent("rules.yaml")
        let (ruleSet, diagnostics) = RuleSetLoader.load(paths: [file])
        let rules = try #require(ruleSet, "\(diagnostics)")
        let achievement = try #require(rules.achievements.first { $0.info.id == award })
        guard case .when(let expression) = achievement.criterion else { throw CancellationError() }
        let scalars = Array(expression.source.unicodeScalars), wanted = Array(fragment.unicodeScalars)
        let offset = try #require((0...(scalars.count - wanted.count)).first { Array(scalars[$0..<($0 + wanted.count)]) == wanted })
        let positions = ExpressionPositions(files: rules.files)
        #expect(positions.position(of: offset, in: expression) == SourcePosition(line: line, column: column))
    }
}
