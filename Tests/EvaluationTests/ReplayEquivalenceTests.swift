import Evaluation
import Facts
import Foundation
import Output
import Rules
import RulesTestSupport
import Testing
import TestSupport

/// docs/evaluation.md, "Replay": "a naive evaluator that rebuilds all facts at every checkpoint must give exactly the
/// same output as the fast one". Seeded random rule sets and states, compared byte for byte on
/// the JSON decision.
@Suite struct ReplayEquivalenceTests {
    static let ruleSets = 25
    static let statesPerRuleSet = 20

    @Test(arguments: 0..<ruleSets)
    func replayMatchesTheNaiveReference(ruleSetSeed: Int) throws {
        var g = SeededGenerator(seed: 0xC0FFEE &+ UInt64(ruleSetSeed) &* 7919)
        let files = RandomScenario.rules(&g)
        let rules = try RuleSetText.load(files: files.sorted { $0.key < $1.key }.map { (file: $0.key, text: $0.value) })
        let replay = Replay(rules: rules)
        let renderer = DecisionJSONRenderer()
        var unlockCount = 0
        var ruleErrorCount = 0
        for stateIndex in 0..<Self.statesPerRuleSet {
            let json = RandomScenario.state(&g, awardIDs: rules.awardOrder)
            let state = try StateFile.parse(json: json)
            let now = try #require(state.now)
            let timeline: FactTimeline
            do {
                timeline = try FactTimeline(state: state, rules: rules, now: now)
            } catch {
                continue  // a `timezone: user` rule set with a state lacking the zone: not a replay case
            }
            let fast = replay.run(StateFacts(timeline: timeline)).decision
            let naive = NaiveReplay.run(rules: rules, timeline: timeline)
            unlockCount += fast.unlocks.count
            let fastText = renderer.render(fast), naiveText = renderer.render(naive)
            #expect(fastText == naiveText, "rule set \(ruleSetSeed), state \(stateIndex) differs:\n\(json)\n--- fast\n\(fastText)\n--- naive\n\(naiveText)")
            if fastText != naiveText { return }
            // Rule errors, worked out independently of the decision's own report.
            let reported = Set(fast.warnings.filter { $0.code == "rule_error" || $0.code == "cost_limit" }.compactMap(\.id))
            let expected = NaiveReplay.ruleErrorIDs(rules: rules, timeline: timeline, decision: fast)
            #expect(reported == expected, "rule set \(ruleSetSeed), state \(stateIndex): rule errors \(reported.sorted()) != \(expected.sorted())\n\(json)")
            ruleErrorCount += reported.count
            if reported != expected { return }
            // Every fourth state again with its unlocks written back: nothing new, both agree
            // (stored unlocks of repeatable awards are matched by id and instant).
            if stateIndex % 4 == 0, !fast.unlocks.isEmpty {
                let written = StateWriteBack(state: state, newUnlocks: fast.unlocks).text
                let again = try FactTimeline(state: try StateFile.parse(json: written), rules: rules, now: now)
                let fastAgain = replay.run(StateFacts(timeline: again)).decision
                #expect(fastAgain.unlocks.isEmpty, "rule set \(ruleSetSeed), state \(stateIndex): not idempotent")
                #expect(renderer.render(fastAgain) == renderer.render(NaiveReplay.run(rules: rules, timeline: again)))
                #expect(fastAgain.points == fast.points)
            }
        }
        // The cases must exercise unlocking, not only locked rules, and rule errors.
        #expect(unlockCount > 0)
        #expect(ruleErrorCount > 0)
    }
}
