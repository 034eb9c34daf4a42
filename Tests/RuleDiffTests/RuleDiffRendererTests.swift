import Output
import RuleDiff
import Testing

/// The `diff` renderers on a report built by hand: several rule sets nest under `rulesets`,
/// samples keep input order, and text from rule files cannot break a table or an annotation.
@Suite struct RuleDiffRendererTests {
    static func report(names: [String?]) -> RuleDiffReport {
        var effects = DiffEffects()
        var comparison = StateComparison.empty
        comparison.awards = [(id: "a|b", kind: .gained)]
        comparison.points = 1
        comparison.changed = true
        for index in 1...7 { effects.add(comparison, sample: index == 2 ? .line(2) : .user("u\(index)")) }
        effects.addError(line: 9)
        let change = RuleChange(change: .changed, kind: .achievement, id: "a|b", keys: ["when", "points"],
                                file: "rules/x,y.yaml", line: 4)
        let diff = RuleSetDiff(changes: [change], effects: effects, awardOrder: ["a|b"])
        return RuleDiffReport(entries: names.map { RuleDiffReport.Entry(name: $0, diff: diff) }, measured: true)
    }

    @Test func jsonNestsSeveralRuleSetsByName() {
        let one = RuleDiffJSONRenderer().render(Self.report(names: [nil]))
        let two = RuleDiffJSONRenderer().render(Self.report(names: ["taskmate", "puzzle"]))
        #expect(one.hasPrefix("{\n  \"schema\": 1,"))
        #expect(two.hasPrefix("{\n  \"rulesets\": {\n    \"taskmate\": {\n      \"schema\": 1,"))
        #expect(two.contains("\"puzzle\": {"))
    }

    @Test func samplesAreTheFirstFiveInInputOrder() {
        let json = RuleDiffJSONRenderer().render(Self.report(names: [nil]))
        let compact = json.filter { !$0.isWhitespace }
        #expect(compact.contains("\"gained\":7,"))
        #expect(compact.contains("\"samples\":{\"gained\":[\"u1\",2,\"u3\",\"u4\",\"u5\"]}"))
        #expect(compact.contains("\"states\":8,\"errors\":1,\"error_lines\":[9],\"changed_states\":7"))
    }

    @Test func markdownEscapesTableCells() {
        let markdown = RuleDiffMarkdownRenderer().render(Self.report(names: ["taskmate"]))
        #expect(markdown.contains("| changed | achievement | `a\\|b` | when, points | rules/x,y.yaml:4 |"))
        #expect(markdown.contains("| `a\\|b` | 7 | 0 | 0 | 0 | 0 | gained: u1, line 2, u3, u4, u5 |"))
    }

    @Test func githubEscapesProperties() {
        let github = RuleDiffGitHubRenderer().render(Self.report(names: [nil]))
        #expect(github.hasPrefix("::notice file=rules/x%2Cy.yaml,line=4,title=rulecheck diff::changed achievement a|b (when, points)\n"))
    }

    @Test func failOnCountsEffectsErrorsAndNewWarnings() {
        let report = Self.report(names: [nil])
        #expect(report.fails(on: ["gained"]))
        #expect(report.fails(on: ["errors"]))
        #expect(!report.fails(on: ["lost", "rule_error"]))
    }
}
