import CEL
@testable import Evaluation
import Testing

/// The event counts at which a fold changes (`EventFoldValues.changePoints`), read straight from
/// its table, are where its version changes when asked after every event.
@Suite struct FoldChangePointTests {
    @Test(arguments: [
        "size(events) >= 3",
        "events.filter(e, e.type == \"a\").size() >= 2",
        "events.filter(e, e.type == \"a\" && e.x > 1).size() >= 1",
        "events.filter(e, e.type == \"b\").map(e, e.x).sum() >= 1",
        "events.map(e, e.x).size() >= 1",
        "events.exists(e, e.type == \"a\" && e.x > 5)",
        "events.exists(e, e.x > 2)",
        "events.exists(e, e.type == \"c\")",
        "events.all(e, e.type == \"a\")",
        "events.all(e, e.x >= 0)",
        "events.exists_one(e, e.type == \"c\")",
        "events.exists_one(e, e.type == \"a\")",
    ])
    func changePointsAreWhereTheVersionChanges(source: String) throws {
        var planner = EventFoldPlanner()
        _ = planner.plan(try EventFoldPlannerTests.program(source))
        let events = TypeGuardTests.events
        let values = EventFoldValues(folds: planner.folds, events: events, costLimit: 10_000)
        for k in planner.folds.indices {
            var expected: [Int] = []
            for n in 1...events.count where values.version(k, events: n) != values.version(k, events: n - 1) {
                expected.append(n)
            }
            #expect(values.changePoints(of: k, total: events.count) == expected, "\(source): fold \(k)")
        }
    }

    /// A count threshold's change points (`CountThreshold.changePoints`, found by halving) are
    /// those of reading the count at every change point of its fold: where the threshold first
    /// holds, and where the count fails.
    @Test(arguments: [
        "size(events) >= 0", "size(events) >= 4", "size(events) > 8", "size(events) >= 100",
        "events.filter(e, e.type == \"a\").size() >= 1", "events.filter(e, e.type == \"a\").size() > 3",
        "events.filter(e, e.type == \"a\").size() >= 5",
        "events.filter(e, e.type == \"a\" && e.x > 1).size() >= 1", "events.filter(e, e.type == \"a\" && e.x > 1).size() >= 2",
        "events.filter(e, e.x > 1).size() >= 1", "events.map(e, e.x).size() >= 1",
        "events.filter(e, e.type == \"b\").size() >= 2u", "events.filter(e, e.type == \"b\").size() >= 1.5",
    ])
    func countThresholdPointsAreWhereItTurns(source: String) throws {
        var planner = EventFoldPlanner()
        let plan = planner.plan(try EventFoldPlannerTests.program(source))
        let threshold = try #require(CountThreshold(plan, folds: planner.folds, metricPlans: [:]), "\(source) is no count threshold")
        let events = TypeGuardTests.events
        let values = EventFoldValues(folds: planner.folds, events: events, costLimit: 10_000)
        let foldPoints = values.changePoints(of: threshold.fold, total: events.count)
        var expected: [Int] = []
        var becameTrue = false
        for n in foldPoints {
            guard let count = values.count(threshold.fold, events: n) else {
                expected.append(n)
                break
            }
            if !becameTrue, threshold.holds(count: count) {
                becameTrue = true
                expected.append(n)
            }
        }
        #expect(threshold.changePoints(values, foldPoints: foldPoints) == expected, "\(source)")
    }
}
