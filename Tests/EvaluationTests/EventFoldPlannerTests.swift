import CEL
@testable import Evaluation
import RuleModel
import Rules
import Testing

/// Which expressions the replay tabulates over events, and that the rewritten expression reads
/// no `events` any more when everything it does with them was folded.
@Suite struct EventFoldPlannerTests {
    static func program(_ source: String) throws -> CELProgram {
        let environment = FactTypes.environment(scope: .rule, metrics: FactTypes.metricsRecord([("tasks", .int)]))
        return try environment.compile(source).get()
    }

    /// The folds planned for `source` (what a test that only reads the tables needs).
    static func folds(of source: String) throws -> [EventFold] {
        var planner = EventFoldPlanner()
        _ = planner.plan(try program(source))
        return planner.folds
    }

    @Test(arguments: [
        ("events.filter(e, e.type == \"a\").size() >= 2", 1),
        ("size(events) >= 10", 1),
        ("events.size() > 3 && events.exists(e, e.hour >= 22)", 2),
        // `sum()`, `max()`, `min()` of a fold's list are folds too (kept per prefix).
        ("events.filter(e, e.type == \"w\").map(e, e.minutes).sum() >= 100", 3),
        ("events.all(e, e.late) || events.exists_one(e, e.type == \"x\")", 2),
        ("events.filter(e, e.weekday >= 6).filter(x, x.hour < 8).size() >= 1", 2),
        ("events.map(e, e.hour).max() >= 22", 2),
    ])
    func foldsEverythingOverEvents(source: String, folds: Int) throws {
        var planner = EventFoldPlanner()
        let plan = planner.plan(try Self.program(source))
        #expect(planner.folds.count == folds)
        #expect(!plan.inputs.variables.contains(.events))
    }

    @Test(arguments: [
        "events.filter(e, e.at > now - duration(\"1h\")).size() >= 2",   // the body reads now
        "events.filter(e, e.minutes > metrics.tasks).size() >= 1",       // the body reads a metric
        "events[0].type == \"a\"",                                       // not a macro
        "events.exists(e, e.type == \"a\") && days.size() > 1",
    ])
    func leavesOtherReadsOfEvents(source: String) throws {
        var planner = EventFoldPlanner()
        let plan = planner.plan(try Self.program(source))
        #expect(plan.inputs.variables.contains(.events) || plan.inputs.variables.contains(.days))
    }

    @Test(arguments: [
        // Two expressions over the same fold share it, however they are spaced.
        (["events.filter(e, e.type == \"w\").size() >= 2", "events.filter(e,e.type==\"w\").map(e, e.minutes).sum() > 9"], 3),
        (["size(events) >= 10", "events.size() > 3"], 1),
        (["events.exists(e, e.hour >= 22)", "events.exists(e, e.hour >= 22) && size(events) > 1"], 2),
        // A different body, iteration variable or macro is another fold.
        (["events.filter(e, e.type == \"w\").size() >= 2", "events.filter(e, e.type == \"x\").size() >= 2"], 2),
        (["events.filter(e, e.type == \"w\").size() >= 2", "events.filter(x, x.type == \"w\").size() >= 2"], 2),
        (["events.exists(e, e.late)", "events.all(e, e.late)"], 2),
    ])
    func sharesFoldsComputingTheSame(sources: [String], folds: Int) throws {
        var planner = EventFoldPlanner()
        for source in sources { _ = planner.plan(try Self.program(source)) }
        #expect(planner.folds.count == folds)
    }

    @Test func tabulatesPrefixesWithErrorsFromTheFailingElement() throws {
        var planner = EventFoldPlanner()
        _ = planner.plan(try Self.program("events.filter(e, e.type == \"f\").map(e, e.minutes).sum() >= 0"))
        func event(_ type: String, _ minutes: Int64?) -> CELValue {
            var entries: [(key: String, value: CELValue)] = [("type", .string(type))]
            if let minutes { entries.append(("minutes", .int(minutes))) }
            return .map(CELMap(strings: entries))
        }
        let events = [event("f", 5), event("x", nil), event("f", 7), event("f", nil), event("f", 1)]
        let values = EventFoldValues(folds: planner.folds, events: events, costLimit: 10_000)
        let mapFold = try #require(planner.folds.lastIndex { $0.shape.producesList })
        let sumFold = try #require(planner.folds.indices.last)
        func minutes(_ n: Int) -> [Int64]? {
            guard case .list(let list) = values.value(mapFold, events: n) else { return nil }
            return list.array.compactMap { if case .int(let v) = $0 { v } else { nil } }
        }
        #expect(minutes(0) == [])
        #expect(minutes(1) == [5])
        #expect(minutes(3) == [5, 7])
        #expect(minutes(4) == nil)          // the fourth event has no minutes: the map fails from there
        #expect(minutes(5) == nil)
        #expect(values.changePoints(of: mapFold, total: 5) == [1, 3, 4])
        // The kept sum: 0 before any minutes, then each prefix's total, then the map's failure.
        let sums = (0...5).map { n -> Int64? in if case .int(let v) = values.value(sumFold, events: n) { v } else { nil } }
        #expect(sums == [0, 5, 5, 12, nil, nil])
    }
}
