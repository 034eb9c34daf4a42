import Foundation
import Testing
@testable import Rules
import TestSupport

/// Rule files mutated at random (seeded) must load without crashing, and the same input must
/// give the same diagnostics.
@Suite struct RuleSetRobustnessTests {
    static let pieces = [":", " ", "\n", "- ", "{", "}", "[", "]", "#", "!", "&a", "*a", "\"", "'", "|", ">",
                         "metrics.", "streaks[\"", "true", "yes", "0", "-1", "99999999999999999999", "id: x",
                         "when: ", "requires: [a]", "\t", "专注", "\\u", ">=", "&&", "(", ")"]

    @Test func mutatedRuleFilesNeverCrash() throws {
        let fixture = RuleFixture(name: "valid_taskmate")
        let original = try String(contentsOf: fixture.folder.appendingPathComponent("rules/achievements.yaml"), encoding: .utf8)
        let catalog = try String(contentsOf: fixture.folder.appendingPathComponent("rules/catalog/puzzle.yaml"), encoding: .utf8)
        var random = SeededGenerator(seed: 20_261_122)
        for round in 0..<150 {
            var scalars = Array(original.unicodeScalars)
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let at = Int.random(in: 0...scalars.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where at < scalars.count: scalars.remove(at: at)
                case 1:
                    let piece = Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)]
                    scalars.insert(contentsOf: piece.unicodeScalars, at: at)
                default:
                    let length = min(Int.random(in: 1...40, using: &random), scalars.count - at)
                    if length > 0 { scalars.removeSubrange(at..<(at + length)) }
                }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let folder = try TemporaryRuleFolder(["a.yaml": text, "puzzle.yaml": catalog])
            defer { folder.remove() }
            let first = RuleSetLoader.load(paths: [folder.path], baseline: [folder.path])
            let second = RuleSetLoader.load(paths: [folder.path], baseline: [folder.path])
            #expect(first.diagnostics == second.diagnostics, "round \(round)")
            #expect(first.diagnostics.allSatisfy { $0.span != nil }, "round \(round)")
        }
    }
}
