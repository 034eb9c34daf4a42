import Diagnostics
import Foundation
import Testing
@testable import Rules
import TestSupport

/// Every fixture: its diagnostics render exactly as its golden `expected.txt`, and a fixture
/// named after a code reports that code (a `valid_` fixture reports no error).
@Suite struct RuleFixtureTests {
    @Test(arguments: RuleFixture.all)
    func matchesGolden(fixture: RuleFixture) throws {
        let result = fixture.load()
        let text = fixture.render(result)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" { fixture.writeGolden(text) }
        let expected = try #require(fixture.expected, "no expected.txt in \(fixture.name)")
        #expect(text == expected)
    }

    @Test(arguments: RuleFixture.all)
    func reportsItsCode(fixture: RuleFixture) {
        let result = fixture.load()
        if let code = fixture.code {
            #expect(result.diagnostics.contains { $0.code == code }, "\(fixture.name) does not report \(code)")
            #expect(result.diagnostics.allSatisfy { $0.span != nil })
            if code.hasPrefix("E") { #expect(result.ruleSet == nil) }
        } else {
            #expect(result.errorCount == 0, "\(result.diagnostics.map(\.message))")
            #expect(result.ruleSet != nil)
        }
    }

    @Test func thereIsAFixtureForEveryRuleCode() {
        let covered = Set(RuleFixture.all.compactMap(\.code))
        // Codes about paths and folders are covered by RuleFileCollectionTests and RuleSetLoaderTests;
        // rulecheck.yaml's own codes by WorkspaceCommandTests on the command line (its example
        // state, E243, by WorkspaceLoaderTests and WorkspaceExampleTests).
        let layoutCodes: Set = [RuleCode.pathNotFound, RuleCode.noRuleFiles, RuleCode.notRegularFile, RuleCode.danglingLink,
                                RuleCode.unreadableFolder, RuleCode.linkLoop, RuleCode.nonUTF8Name,
                                RuleCode.workspacePathNotFound, RuleCode.workspaceEmpty, RuleCode.workspaceExample]
        let missing = RuleCode.summaries.keys.filter { !covered.contains($0) && !layoutCodes.contains($0) }
        #expect(missing.sorted() == [])
    }
}

@Suite struct DiagnosticsDocumentationTests {
    static var document: String {
        let root = Repository.root
        return (try? String(contentsOf: root.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)) ?? ""
    }

    @Test func everyRuleCodeHasASection() {
        let headings = Set(Self.document.split(separator: "\n").filter { $0.hasPrefix("### ") }.map { String($0.dropFirst(4)) })
        #expect(!headings.isEmpty)
        #expect(RuleCode.summaries.keys.filter { !headings.contains($0) }.sorted() == [])
        #expect(headings.filter { RuleCode.summaries[$0] == nil }.sorted() == [])
    }
}
