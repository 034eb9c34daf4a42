import CEL
@testable import Evaluation
import Facts
import Foundation
import RuleModel
import Rules
import RulesTestSupport
import Testing

/// Which expressions over `days` the replay folds day by day, and that a long daily history
/// costs about linearly in its days (the replay's equality with the naive reference on day folds
/// is part of `ReplayEquivalenceTests`).
@Suite struct DayFoldTests {
    @Test(arguments: [
        ("(days.map(d, d.events.filter(e, e.type == \"task_completed\").size()) + [0]).max()", DayFold.Reduction.max),
        ("([9] + days.map(d, d.late.size())).min()", .min),
        ("days.map(d, d.expired_count).sum()", .sum),
        ("days.filter(d, d.status == \"completed\").size()", .size),
        ("size(days.filter(d, d.status == \"expired\"))", .size),
        ("days.exists(d, d.status == \"completed\" && d.planned >= 5)", .macro),
        ("days.all(d, d.planned > 0)", .macro),
        ("days.exists_one(d, d.status == \"expired\")", .macro),
    ])
    func foldsDayMacros(source: String, reduction: DayFold.Reduction) throws {
        var planner = EventFoldPlanner()
        let plan = planner.plan(try EventFoldPlannerTests.program(source))
        try #require(planner.dayFolds.count == 1)
        #expect(planner.dayFolds[0].reduction == reduction)
        #expect(plan.dayFolds == [0])
        #expect(plan.fallback != nil)
        #expect(!plan.readsLikeWritten(events: 0, days: 0, dailyExact: true, costLimit: 10_000_000))
    }

    @Test(arguments: [
        // The outer body reads days (it is left as written); the inner macro reads only its day.
        ("days.exists(d, d.status == \"completed\" && days.exists(p, p.status == \"expired\"))", 1),
        ("days.exists(d, days.exists(p, p.date < d.date))", 0),                 // the inner body reads d
        ("days.map(d, d.planned).size() > 1", 0),                                // no reduction to fold
        ("days.filter(d, d.planned > metrics.tasks).size() >= 1", 0),            // the body reads a metric
        ("(days.map(d, d.planned) + [metrics.tasks]).max() > 3", 0),             // the added list is not literal
    ])
    func leavesOtherExpressionsOverDaysAsWritten(source: String, dayFolds: Int) throws {
        var planner = EventFoldPlanner()
        let plan = planner.plan(try EventFoldPlannerTests.program(source))
        #expect(planner.dayFolds.count == dayFolds)
        #expect(plan.inputs.variables.contains(.days))
    }

    /// One event a day with TaskMate's best-day metrics: 4× the days must cost far less than the
    /// 16× a replay that evaluates every day at every checkpoint costs.
    @Test func aDailyHistoryCostsLinearlyInItsDays() throws {
        let rules = try Self.rules("""
            schema: 1
            calendar: { timezone: event }
            metrics:
              best_tasks: (days.map(d, d.events.filter(e, e.type == "task_completed").size()) + [0]).max()
              best_minutes: (days.map(d, d.events.filter(e, e.type == "focus").map(e, int(e.minutes)).sum()) + [0]).max()
            achievements:
              - { id: busy, title: Busy, when: metrics.best_tasks >= 10 }
              - { id: focused, title: Focused, when: metrics.best_minutes >= 480 }
            """)
        // Work is counted in CEL steps, not seconds: a fold read again over every day at every
        // checkpoint would make 4× the days cost 16× the steps.
        func steps(days: Int) throws -> Double {
            let start: Int64 = 1_600_000_000
            let events = (0..<days).map { day in
                let at = Moment(instant: CELTimestamp(seconds: start + Int64(day) * 86_400), offsetSeconds: 0)
                return day % 2 == 0 ? #"{"type": "task_completed", "at": "\#(at)"}"# : #"{"type": "focus", "at": "\#(at)", "minutes": 25}"#
            }
            let now = Moment(instant: CELTimestamp(seconds: start + Int64(days) * 86_400), offsetSeconds: 0)
            let text = #"{"schema": 1, "user": {"id": "u"}, "now": "\#(now)", "events": [\#(events.joined(separator: ","))]}"#
            let state = try StateFile.parse(json: text)
            let replay = Replay(rules: rules)
            let outcome = replay.run(StateFacts(timeline: try FactTimeline(state: state, rules: rules, now: now)))
            #expect(outcome.decision.unlocks.isEmpty)
            return Double(outcome.stepsUsed)
        }
        let short = try steps(days: 1_000)
        let long = try steps(days: 4_000)
        #expect(short > 0)
        #expect(long / short < 6, "1,000 days: \(short) steps, 4,000 days: \(long) steps")
    }

    static func rules(_ text: String) throws -> RuleSet {
        return try RuleSetText.load(text)
    }
}
