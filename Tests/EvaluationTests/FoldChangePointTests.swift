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
}
