import CEL
@testable import Evaluation
import Facts
import Foundation
import Output
import RuleModel
import Testing

/// Best days kept per event (`DailyFold`, `DailyFoldTable`): which expressions become daily folds,
/// and that a replay or a session reading them decides as the naive replay (which reads `days`
/// as written), also where a day sums below 0 and the state is replayed with the plain slots.
@Suite struct DailyFoldTests {
    static let fixture = "daily_folds"

    /// Metrics as written, and whether the planner keeps them as a daily fold.
    @Test(arguments: [
        ("(days.map(d, d.events.filter(e, e.type == \"task_completed\").size()) + [0]).max()", true),
        ("(days.map(d, d.events.filter(e, e.type == \"focus_session\").map(e, int(e.minutes)).sum()) + [0]).max()", true),
        ("days.map(d, d.events.size()).max()", true),
        ("([0] + days.map(d, size(d.events.filter(e, e.hour >= 20)))).max()", true),
        ("days.map(d, d.events.map(e, int(e.minutes)).filter(m, m > 10).sum()).max()", true),
        // A dyn sum (the minutes as written), a min, a sum over days, a filter of days, a body
        // reading more than its events, and a double are left to the day folds.
        ("(days.map(d, d.events.filter(e, e.type == \"focus_session\").map(e, e.minutes).sum()) + [0]).max()", false),
        ("days.map(d, d.events.size()).min()", false),
        ("days.map(d, d.events.size()).sum()", false),
        ("days.filter(d, d.planned > 0).map(d, d.events.size()).max()", false),
        ("days.map(d, d.events.size() + d.planned).max()", false),
        ("days.map(d, double(d.events.size())).max()", false),
    ])
    func plannedAsADailyFold(expression: String, daily: Bool) throws {
        let program = try EventFoldPlannerTests.program(expression)
        var planner = EventFoldPlanner()
        let plan = planner.plan(program, daily: true)
        #expect(plan.readsDailyFolds == daily, "\(expression)")
        if daily {
            // Read like an event fold: no `days`. The decision at `now` reads its table only when
            // the table is exact and the written evaluation stays under the cost limit.
            #expect(plan.wholeDaily != nil)
            #expect(!plan.readsLikeWritten(events: 10, days: 3, dailyExact: false, costLimit: 10_000_000))
            #expect(plan.readsLikeWritten(events: 10, days: 3, dailyExact: true, costLimit: 10_000_000))
            #expect(!plan.readsLikeWritten(events: 10, days: 3, dailyExact: true, costLimit: 20))
        }
        #expect(!planner.plan(program).readsDailyFolds)
    }

    /// The fixture's state and variants of it: the replay's decision is the naive one, and the
    /// bindings take the plain slots exactly when a best day is below 0.
    @Test(arguments: [
        ("as given", [Int](), false),
        ("every session short", [40, 35, 30, 30, 5].map { _ in 5 }, true),
        // The first session already makes its day's total -25: not exact from there on.
        ("one short day first", [5, 35, 30, 30, 5], true),
        ("short days after a long one", [40, 5, 30, 30, 5], false),
    ])
    func replayDecidesAsTheNaiveReplay(name: String, minutes: [Int], plain: Bool) throws {
        let fixture = try ScenarioFixture(Self.fixture)
        let rules = try fixture.rules()
        var state = try fixture.state()
        if !minutes.isEmpty { state = try Self.withMinutes(minutes, state) }
        let now = try #require(state.now)
        let replay = Replay(rules: rules)
        #expect(replay.metricPlans.allSatisfy { $0.readsDailyFolds })
        let timeline = try FactTimeline(state: state, rules: rules, now: now)
        let facts = StateFacts(timeline: timeline)
        let bindings = FactBindings(replay: replay, facts: facts, moment: FactMoment(moment: now, eventCount: facts.events.count),
                                    stepBudget: .max)
        #expect(bindings.plain == plain, "\(name)")
        let renderer = DecisionJSONRenderer()
        #expect(renderer.render(replay.run(facts).decision) == renderer.render(NaiveReplay.run(rules: rules, timeline: timeline)), "\(name)")
    }

    /// A session recording the events one by one — a day's total going below 0 after the
    /// second event turns the bindings plain mid-way — decides at every step as a replay of the
    /// events so far.
    @Test func sessionStepsDecideAsReplays() throws {
        let fixture = try ScenarioFixture(Self.fixture)
        let rules = try fixture.rules()
        let full = try Self.withMinutes([5, 35, 30, 30, 5], try fixture.state())
        // A task first (the day's total 0), then a 5-minute session the same day (-25).
        let events = full.events
        let replay = Replay(rules: rules)
        var empty = full
        empty.events = []
        let start = try #require(events.first).at
        let before = Moment(instant: CELTimestamp(seconds: start.instant.seconds - 60), offsetSeconds: start.offsetSeconds)
        var live = try LiveReplay(replay: replay, state: empty, now: before)
        var grown = empty
        let renderer = DecisionJSONRenderer()
        var unlocked = 0
        for event in events {
            grown.events.append(event)
            #expect(live.canStep(with: event, to: event.at))
            unlocked += try live.step(with: event, to: event.at).count
            let expected = replay.run(try StateFacts(state: grown, rules: rules, now: event.at)).decision
            #expect(renderer.render(live.decision()) == renderer.render(expected), "after \(grown.events.count) events")
        }
        #expect(unlocked > 0)
    }

    /// The state with its focus sessions' minutes replaced, in order.
    static func withMinutes(_ minutes: [Int], _ state: StateFile) throws -> StateFile {
        var state = state
        var next = minutes.makeIterator()
        for index in state.events.indices where state.events[index].type == "focus_session" {
            if let value = next.next() { state.events[index].attributes["minutes"] = .int(Int64(value)) }
        }
        return state
    }
}
