import Evaluation
import Facts
import JSON
import Output
import RuleModel
import Rules
import RulecheckEngine
import Testing
import TestSupport

/// A session keeps its replay between steps (`LiveReplay`): every step, whichever way it went
/// (grown by one event, moved on in time, or replayed from the start after a late event, a
/// kill-time change or a step back in time), decides as one replay of the session's own state.
@Suite struct EngineSessionGrowthTests {
    /// What a random step does.
    enum Move: CaseIterable { case record, advance, late, freeze, killTime }

    /// Random mixes of steps on every product's rules: after each, the session's decision is the
    /// full replay's of its state (the unlocks it kept counting as stored), and no unlock of an
    /// award that is not repeatable is reported twice.
    @Test(arguments: EngineFixtures.products.map(\.name).flatMap { product in (1...3).map { (product, UInt64($0)) } })
    func everyStepDecidesAsAReplayOfItsState(product: String, seed: UInt64) throws {
        let rules = EngineRules(try EngineFixtures.rules(product))
        let repeatable = Set(rules.ruleSet.streaks.flatMap(\.milestones).filter(\.info.repeatable).map(\.info.id)
                             + rules.ruleSet.achievements.filter(\.info.repeatable).map(\.info.id))
        let history = try RandomHistory(product: product, seed: seed, count: 50)
        var random = SeededGenerator(seed: seed &* 7_919)
        var session = try EngineSession(rules: rules, state: try history.emptyState, at: history.start)
        var reported: [String] = session.lastDecision.unlocks.map(\.id)
        var last = history.start
        let render = DecisionJSONRenderer(rules: rules.ruleSet)
        for event in history.events {
            let move = random.pick(Move.allCases + [.record, .record, .record])
            let previous = session.lastDecision
            let changes: SessionChanges
            var at = event.at
            switch move {
            case .record:
                changes = try session.record(event)
            case .advance:
                at = Moment(unixSeconds: (last.unixSeconds + event.at.unixSeconds) / 2, offsetSeconds: last.offsetSeconds)
                changes = try session.advance(to: at)
            case .late:
                // Synced late: it happened before the last step's moment (and is decided at its time).
                at = Moment(unixSeconds: last.unixSeconds - 5_400, offsetSeconds: last.offsetSeconds)
                changes = try session.record(EngineEvent(type: event.type, at: at, attributes: event.attributes))
            case .freeze:
                changes = try session.useFreeze(at: event.at)
            case .killTime:
                changes = try session.record(EngineEvent(type: "kill_time_changed", at: event.at,
                                                         attributes: JSONObject([("to", .string("21:00"))])))
            }
            last = at
            reported += changes.unlocked.map(\.id)
            #expect(changes.unlocked == session.lastDecision.unlocks)
            // The progress that moved is the difference of the two decisions.
            #expect(changes.progress.map { "\($0.id): \($0.before) -> \($0.after)" }
                    == Self.progressMoved(from: previous, to: session.lastDecision), "\(product) seed \(seed), \(move) at \(at)")
            let full = try rules.evaluate(session.state, at: at)
            #expect(render.render(EngineSessionTests.keptAll(session.lastDecision)) == render.render(EngineSessionTests.keptAll(full)),
                    "\(product) seed \(seed), \(move) at \(at)")
        }
        let once = reported.filter { !repeatable.contains($0) }
        #expect(once.count == Set(once).count, "\(once)")
    }

    /// A session is a value: a copy grows on its own, and the original is left as it was.
    @Test func copiesGoTheirOwnWay() throws {
        let rules = EngineRules(try EngineFixtures.rules("taskmate"))
        let history = try RandomHistory(product: "taskmate", seed: 3, count: 30)
        var first = try EngineSession(rules: rules, state: try history.emptyState, at: history.start)
        for event in history.events.prefix(20) { _ = try first.record(event) }
        let before = first.stateJSON
        var second = first
        for event in history.events.dropFirst(20) { _ = try second.record(event) }
        #expect(first.stateJSON == before)
        #expect(first.state.events.count == 20 && second.state.events.count == 30)
        let render = DecisionJSONRenderer(rules: rules.ruleSet)
        for (session, last) in [(first, history.events[19].at), (second, history.events[29].at)] {
            #expect(render.render(EngineSessionTests.keptAll(session.lastDecision))
                    == render.render(EngineSessionTests.keptAll(try rules.evaluate(session.state, at: last))))
        }
    }

    static func progressMoved(from before: Decision, to after: Decision) -> [String] {
        var old: [String: AwardProgress] = [:]
        for standing in before.achievements { old[standing.id] = standing.progress }
        return after.achievements.compactMap { standing in
            guard let was = old[standing.id], was != standing.progress else { return nil }
            return "\(standing.id): \(was) -> \(standing.progress)"
        }
    }

    /// The rules a step keeps incrementally and the ones it replays, per product.
    @Test(arguments: [
        ("taskmate", [String]()),
        ("puzzle", []),
        // This week's and last week's days, and every past week's, are picked out of `days` by
        // index, no day fold.
        ("weekyii", ["metrics.this_week_days", "metrics.this_week_completed_tasks", "metrics.this_week_expired_tasks",
                     "metrics.this_week_days_started", "metrics.previous_week_days", "metrics.previous_week",
                     "metrics.previous_week_completed_tasks", "metrics.previous_week_expired_tasks",
                     "metrics.previous_week_days_started", "metrics.past_weeks", "fresh_start", "productive_week",
                     "clean_week"]),
        ("lifer", []),
        ("skinlab", []),
    ])
    func productsKeepEveryRule(product: String, replayed: [String]) throws {
        let rules = EngineRules(try EngineFixtures.rules(product))
        let session = try EngineSession(rules: rules, userID: "u", timeZone: "Asia/Shanghai",
                                        at: Moment(unixSeconds: 1_767_254_400, offsetSeconds: 28_800))
        #expect(session.replayedRules == replayed)
    }

    /// A rule reading `events` as a list (by index), not through a fold, is named; so is every
    /// rule reading a metric that does, and no other.
    @Test func rulesReadingEventsAsAListAreReplayed() throws {
        let loaded = RuleSetLoader.load(paths: [EngineFixtures.path("rules/taskmate"),
                                                EngineFixtures.path("Tests/RulecheckEngineTests/Fixtures/fallback")],
                                        baseline: nil)
        #expect(loaded.errorCount == 0, "\(loaded.diagnostics.map(\.message))")
        let rules = EngineRules(try #require(loaded.ruleSet))
        let session = try EngineSession(rules: rules, userID: "u", at: Moment(unixSeconds: 1_767_254_400, offsetSeconds: 0))
        #expect(session.replayedRules == ["metrics.second_event_is_a_task", "second_event_a_task", "last_event_a_focus"])
    }
}
