import RulesTestSupport
import Testing
@testable import Rules

/// `meta` is kept as written and must be a mapping.
@Suite struct RuleMetaTests {
    @Test func metaKeepsItsShapeAndTypes() throws {
        let files: [String: String] = ["a.yaml": """
            schema: 1
            achievements:
              - { id: a, title: A, when: 'true', meta: { n: 4, x: 1.5, ok: true, none: null, s: "04:00", list: [1, two] } }
              - { id: b, title: B, when: 'true', meta: [1, 2] }
            """]
        let loaded = RuleSetText.result(files)
        #expect(loaded.diagnostics.map(\.code) == [RuleCode.wrongType])
        #expect(loaded.diagnostics.first?.span?.start.line == 4)
        let fixed = try TemporaryRuleFolder(["a.yaml": """
            schema: 1
            achievements:
              - { id: a, title: A, when: 'true', meta: { n: 4, x: 1.5, ok: true, none: null, s: "04:00", list: [1, two] } }
            """])
        defer { fixed.remove() }
        let rules = try #require(RuleSetLoader.load(paths: [fixed.path], baseline: nil).ruleSet)
        let meta = try #require(rules.achievements.first?.info.meta)
        #expect("\(meta)" == #"{"n": 4, "x": 1.5, "ok": true, "none": null, "s": "04:00", "list": [1, "two"]}"#)
    }
}
