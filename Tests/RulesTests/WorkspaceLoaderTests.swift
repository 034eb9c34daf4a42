import Foundation
import Testing
@testable import Rules

/// `rulecheck.yaml` (docs/rules.md, "Workspace"): found from a folder or its parents, written
/// relative to where the search started, its paths joined with its folder.
@Suite struct WorkspaceLoaderTests {
    @Test func foundInAParentWithRelativePaths() throws {
        let folder = try TemporaryRuleFolder([
            "rulecheck.yaml": "schema: 1\nrulesets:\n  one: [rules/one]\n  two: rules/two\n",
            "rules/one/a.yaml": "schema: 1\n", "rules/two/a.yaml": "schema: 1\n", "deep/er/.keep": "",
        ])
        defer { folder.remove() }
        let nested = (folder.path as NSString).appendingPathComponent("deep/er")
        let found = try #require(WorkspaceLoader.find(from: nested))
        #expect(found == nested + "/../../rulecheck.yaml")
        let loaded = WorkspaceLoader.load(path: found)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
        let workspace = try #require(loaded.workspace)
        #expect(workspace.names == ["one", "two"])
        #expect(workspace.ruleSet(named: "two")?.paths == [nested + "/../../rules/two"])
    }

    @Test func noWorkspaceUpToTheRoot() {
        #expect(WorkspaceLoader.find(from: "/") == nil)
    }

    /// Wrong shapes are reported with their positions, like a rule file.
    @Test(arguments: [
        ("schema: 2\nrulesets: { a: [x] }\n", RuleCode.schemaUnsupported, 1),
        ("schema: 1\n", RuleCode.missingKey, 1),
        ("schema: 1\nrulesets: [a, b]\n", RuleCode.wrongType, 2),
        ("schema: 1\nrulesets: {}\n", RuleCode.workspaceEmpty, 2),
        // A rule set written as a mapping takes `paths` and `example` only.
        ("schema: 1\nrulesets:\n  a: { path: x }\n", RuleCode.unknownKey, 3),
        ("schema: 1\nrulesets:\n  a: { example: s.json }\n", RuleCode.missingKey, 3),
        ("schema: 1\nrulesets:\n  a:\n    paths: [.]\n    example: missing.json\n", RuleCode.workspaceExample, 5),
    ])
    func badShapes(text: String, code: String, line: Int) throws {
        let folder = try TemporaryRuleFolder(["rulecheck.yaml": text])
        defer { folder.remove() }
        let loaded = WorkspaceLoader.load(path: (folder.path as NSString).appendingPathComponent("rulecheck.yaml"))
        #expect(loaded.workspace == nil)
        #expect(loaded.diagnostics.contains { $0.code == code && $0.span?.start.line == line },
                "\(loaded.diagnostics.map { "\($0.code) \($0.span?.start.line ?? 0) \($0.message)" })")
    }

    /// The mapping form names the example state editors evaluate, joined with the file's folder.
    @Test func aRuleSetMayNameAnExampleState() throws {
        let folder = try TemporaryRuleFolder([
            "rulecheck.yaml": "schema: 1\nrulesets:\n  one: { paths: [rules/one], example: states/s.json }\n  two: [rules/two]\n",
            "rules/one/a.yaml": "schema: 1\n", "rules/two/a.yaml": "schema: 1\n", "states/s.json": "{}",
        ])
        defer { folder.remove() }
        let loaded = WorkspaceLoader.load(path: (folder.path as NSString).appendingPathComponent("rulecheck.yaml"))
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
        let workspace = try #require(loaded.workspace)
        #expect(workspace.ruleSet(named: "one")?.paths == [folder.path + "/rules/one"])
        #expect(workspace.ruleSet(named: "one")?.example == folder.path + "/states/s.json")
        #expect(workspace.ruleSet(named: "one")?.exampleSpan?.start.line == 3)
        #expect(workspace.ruleSet(named: "two")?.example == nil)
    }
}
