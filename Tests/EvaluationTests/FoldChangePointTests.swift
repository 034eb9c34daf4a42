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
        let folds = try EventFoldPlannerTests.folds(of: source)
        let events = TypeGuardTests.events
        let values = EventFoldValues(folds: folds, events: events, costLimit: 10_000)
        for k in folds.indices {
            var expected: [Int] = []
            for n in 1...events.count where values.version(k, events: n) != values.version(k, events: n - 1) {
                expected.append(n)
            }
            #expect(values.changePoints(of: k, total: events.count) == expected, "\(source): fold \(k)")
        }
    }

    /// A best-day fold's change points (read from its daily table) and a chain's (tried only
    /// where the chain's innermost fold changes) are where the version changes after every event.
    @Test(arguments: [
        "(days.map(d, d.events.filter(e, e.type == \"a\").size()) + [0]).max()",
        "days.map(d, d.events.size()).max()",
        "days.map(d, d.events.filter(e, e.type == \"a\" && e.x > 1).size()).max()",
        "days.map(d, d.events.map(e, int(e.x)).filter(m, m > 1).sum()).max()",
    ])
    func dailyChangePointsAreWhereTheVersionChanges(source: String) throws {
        var planner = EventFoldPlanner()
        let plan = planner.plan(try EventFoldPlannerTests.program(source), daily: true)
        try #require(plan.readsDailyFolds, "\(source) is not a daily fold")
        let events = TypeGuardTests.events
        // Two or three events a day, one late (no day).
        let days: [Int32] = [0, 0, 1, 1, DailyFoldTable.noDay, 2, 2, 2, 3]
        let values = EventFoldValues(folds: planner.folds, events: events, eventDays: days, costLimit: 10_000)
        for k in planner.folds.indices {
            var expected: [Int] = []
            for n in 1...events.count where values.version(k, events: n) != values.version(k, events: n - 1) {
                expected.append(n)
            }
            #expect(values.changePoints(of: k, total: events.count) == expected, "\(source): fold \(k)")
        }
    }

    /// A count threshold's change points (`FoldThreshold.changePoints`, found by halving) are
    /// those of reading the count at every change point of its fold: where the threshold first
    /// holds, and where the count fails.
    @Test(arguments: [
        "size(events) >= 0", "size(events) >= 4", "size(events) > 8", "size(events) >= 100",
        "events.filter(e, e.type == \"a\").size() >= 1", "events.filter(e, e.type == \"a\").size() > 3",
        "events.filter(e, e.type == \"a\").size() >= 5",
        "events.filter(e, e.type == \"a\" && e.x > 1).size() >= 1", "events.filter(e, e.type == \"a\" && e.x > 1).size() >= 2",
        "events.filter(e, e.x > 1).size() >= 1", "events.map(e, e.x).size() >= 1",
        "events.filter(e, e.type == \"b\").size() >= 2u", "events.filter(e, e.type == \"b\").size() >= 1.5",
        // Sums of counts.
        "size(events) + events.filter(e, e.type == \"a\").size() >= 7",
        "events.filter(e, e.type == \"a\").size() + events.filter(e, e.type == \"b\").size() > 4",
        "events.filter(e, e.type == \"a\" && e.x > 1).size() + size(events) >= 6",
        "events.filter(e, e.x > 1).size() + events.filter(e, e.type == \"a\").size() >= 2",
    ])
    func countThresholdPointsAreWhereItTurns(source: String) throws {
        let (_, _, threshold, values) = try Self.threshold(source)
        let total = TypeGuardTests.events.count
        let foldPoints = Set(threshold.folds.flatMap { values.changePoints(of: $0, total: total) }).sorted()
        var expected: [Int] = []
        var becameTrue = false
        for n in foldPoints {
            let counts = threshold.folds.map { values.count($0, events: n) }
            guard !counts.contains(nil) else {
                expected.append(n)
                break
            }
            let count = counts.reduce(0) { $0 + ($1 ?? 0) }
            if !becameTrue, threshold.holds(count: count) {
                becameTrue = true
                expected.append(n)
            }
        }
        #expect(threshold.changePoints(values, foldPoints: foldPoints) == expected, "\(source)")
    }

    /// Only a sum of counts is a threshold: a sum may fall, a constant is no fold.
    @Test(arguments: [
        "events.map(e, e.x).sum() + size(events) >= 3",
        "size(events) + 1 >= 3",
        "size(events) - events.filter(e, e.type == \"a\").size() >= 1",
    ])
    func otherSumsAreNoThresholds(source: String) throws {
        var planner = EventFoldPlanner()
        let plan = planner.plan(try EventFoldPlannerTests.program(source))
        #expect(FoldThreshold(plan, folds: planner.folds, metricPlans: [:]) == nil, "\(source)")
    }

    /// A threshold on a sum, minimum, maximum or best day (`FoldThreshold.changePoints`, read
    /// from the fold's table) names every event count where the condition's value differs from
    /// its value one event earlier (values rising and falling, failures included), and names no
    /// count where the outcome stands still.
    @Test(arguments: [
        "events.filter(e, e.type == \"a\").map(e, e.x).sum() >= 3",
        "events.filter(e, e.type == \"a\").map(e, e.x).sum() > 12",
        "events.filter(e, e.type == \"b\" && e.x >= 1).map(e, e.x).sum() >= 1",
        "events.map(e, e.x).sum() >= 1",
        "events.filter(e, has(e.x)).map(e, e.x).max() >= 4",
        "events.filter(e, has(e.x)).map(e, e.x).min() >= 1",
        "events.filter(e, has(e.x)).map(e, e.x - 3).sum() >= 0",
    ])
    func valueThresholdPointsAreWhereItsValueChanges(source: String) throws {
        let (planner, plan, threshold, values) = try Self.threshold(source)
        let events = TypeGuardTests.events
        let points = threshold.changePoints(values, foldPoints: values.changePoints(of: threshold.folds[0], total: events.count))
        func condition(after n: Int) -> String {
            let bound = Dictionary(uniqueKeysWithValues: planner.folds.indices.map { (planner.folds[$0].variable, values.value($0, events: n)) })
            let value = plan.program.evaluate(CELActivation(bound))
            if case .error = value { return "error" }  // which error does not matter to the replay
            return value.description
        }
        var changes: [Int] = []
        for n in 1...events.count where condition(after: n) != condition(after: n - 1) { changes.append(n) }
        #expect(Set(changes).isSubset(of: Set(points)), "\(source): changes at \(changes), points \(points)")
        #expect(points.allSatisfy { changes.contains($0) || !(condition(after: $0) == "true" || condition(after: $0) == "false") },
                "\(source): points \(points) where nothing changed (\(changes))")
    }

    /// The threshold `source` is, planned, with its folds tabulated over `TypeGuardTests.events`.
    static func threshold(_ source: String) throws
        -> (planner: EventFoldPlanner, plan: PlannedExpression, threshold: FoldThreshold, values: EventFoldValues) {
        var planner = EventFoldPlanner()
        let plan = planner.plan(try EventFoldPlannerTests.program(source))
        let threshold = try #require(FoldThreshold(plan, folds: planner.folds, metricPlans: [:]), "\(source) is no threshold")
        let values = EventFoldValues(folds: planner.folds, events: TypeGuardTests.events, costLimit: 10_000)
        return (planner, plan, threshold, values)
    }
}
