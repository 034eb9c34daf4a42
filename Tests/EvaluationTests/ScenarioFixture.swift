import Evaluation
import Facts
import Foundation
import RuleModel
import Rules
import RulesTestSupport
import Testing

/// A rule set and a state from `Fixtures/<name>/`, evaluated as `rulecheck eval` does.
struct ScenarioFixture {
    let folder: URL

    init(_ name: String) throws {
        let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        folder = fixtures.appendingPathComponent(name)
    }

    /// The rule set under the fixture folder; `rules.yaml.template` gets `substitutions` applied.
    func rules(_ substitutions: [String: String] = [:]) throws -> RuleSet {
        let template = folder.appendingPathComponent("rules.yaml.template")
        if FileManager.default.fileExists(atPath: template.path) {
            var text = try String(contentsOf: template, encoding: .utf8)
            for (key, value) in substitutions { text = text.replacingOccurrences(of: key, with: value) }
            return try RuleSetText.load(files: [(file: "rules.yaml", text: text)])
        }
        let loaded = RuleSetLoader.load(paths: [folder.path])
        return try #require(loaded.ruleSet, "rules do not load: \(loaded.diagnostics.map(\.message))")
    }

    func state() throws -> StateFile {
        try StateFile.load(jsonPath: folder.appendingPathComponent("state.json").path)
    }

    func evaluate(_ substitutions: [String: String] = [:], costLimit: Int = 10_000_000) throws -> ReplayOutcome {
        let rules = try rules(substitutions)
        let state = try state()
        let now = try #require(state.now)
        return Replay(rules: rules, costLimit: costLimit).run(try StateFacts(state: state, rules: rules, now: now))
    }
}

extension Decision {
    /// New unlocks as (id, RFC 3339 time) pairs, in decision order.
    var unlockTimes: [String] { unlocks.map { "\($0.id)@\($0.at)" } }
}
