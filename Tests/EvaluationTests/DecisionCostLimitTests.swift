import CEL
import Evaluation
import Facts
import Testing

/// The decision at `now` reads the replay's fold tables where that gives the value as written;
/// under a cost limit the written expressions can run over, it must still show exactly what
/// evaluating them as written shows (the naive reference's decision).
struct DecisionCostLimitTests {
    @Test("progress and metrics at now equal the written evaluation's, whatever the cost limit", arguments: [
        ("decision_over_events", 5), ("decision_over_events", 40), ("decision_over_events", 90),
        ("decision_over_events", 150), ("decision_over_events", 400), ("decision_over_events", 3_000),
        ("decision_over_events", 10_000_000),
        ("progress_forms", 8), ("progress_forms", 20), ("progress_forms", 35), ("progress_forms", 10_000_000),
        ("decision_best_days", 60), ("decision_best_days", 120), ("decision_best_days", 200),
        ("decision_best_days", 400), ("decision_best_days", 1_000), ("decision_best_days", 3_000),
        ("decision_best_days", 10_000), ("decision_best_days", 10_000_000),
    ])
    func tabulatedDecisionMatchesWritten(fixture name: String, costLimit: Int) throws {
        let fixture = try ScenarioFixture(name)
        let rules = try fixture.rules()
        let state = try fixture.state()
        let now = try #require(state.now)
        let replay = Replay(rules: rules, costLimit: costLimit)
        let outcome = replay.run(try StateFacts(state: state, rules: rules, now: now))
        // The same unlocks, decided with every expression evaluated as written.
        let written = replay.decide(try StateFacts(state: state, rules: rules, now: now), unlocks: outcome.unlocks,
                                    checkpoints: outcome.checkpoints, costLimited: [])
        #expect(outcome.decision.achievements == written.decision.achievements)
        #expect(outcome.bindingsAtNow["metrics"]?.description == written.bindingsAtNow["metrics"]?.description)
        // Locked awards over the limit as written are warned about in both.
        let warned = Set(written.decision.warnings.filter { $0.code == "cost_limit" }.map(\.message))
        #expect(warned.isSubset(of: Set(outcome.decision.warnings.filter { $0.code == "cost_limit" }.map(\.message))))
    }
}
