import CEL
@testable import Evaluation
import Testing

/// Fold predicates guarded by the event type (`EventFold.typeGuard`) give, on every prefix and
/// when events are appended one by one, what evaluating the predicate on every event gives.
@Suite struct TypeGuardTests {
    static func event(_ type: String?, _ x: Int64?) -> CELValue {
        var entries: [(key: String, value: CELValue)] = []
        if let type { entries.append(("type", .string(type))) } else { entries.append(("type", .int(1))) }
        if let x { entries.append(("x", .int(x))) }
        return .map(CELMap(strings: entries))
    }

    /// Types a and b, some without `x` (the conjunct fails there), one whose `type` is not a string.
    static let events: [CELValue] = [
        event("b", nil), event("a", 3), event("b", 1), event("a", nil), event(nil, 2), event("a", 0), event("c", 5),
        event("a", 9), event("b", nil),
    ]

    @Test(arguments: [
        ("events.filter(e, e.type == \"a\").size() >= 2", true),
        ("events.filter(e, \"a\" == e.type).size() >= 2", true),
        ("events.filter(e, e.type == \"a\" && e.x > 1).size() >= 1", false),
        ("events.filter(e, e.type == \"b\" && e.x >= 1 && e.x < 9).map(e, e.x).sum() >= 1", false),
        ("events.exists(e, e.type == \"a\" && e.x > 5)", false),
        ("events.all(e, e.type == \"a\")", true),
        ("events.all(e, e.type == \"a\" && e.x >= 0)", false),
        ("events.exists_one(e, e.type == \"c\")", true),
        ("events.filter(e, e.type == \"z\").size() == 0", true),
    ])
    func guardedFoldsEqualTheWrittenOnes(source: String, whole: Bool) throws {
        let folds = try EventFoldPlannerTests.folds(of: source)
        let guarded = try #require(folds.firstIndex { $0.typeGuard != nil }, "no guard in \(source)")
        #expect(folds[guarded].typeGuardIsWhole == whole)
        let unguardedFolds = folds.map { EventFold($0, guarded: false) }
        let tabulated = EventFoldValues(folds: folds, events: Self.events, costLimit: 10_000)
        let written = EventFoldValues(folds: unguardedFolds, events: Self.events, costLimit: 10_000)
        let appended = Self.appended(folds)
        for k in folds.indices {
            for n in 0...Self.events.count {
                let expected = "\(written.value(k, events: n))"
                #expect("\(tabulated.value(k, events: n))" == expected, "\(source): fold \(k) after \(n) events")
                #expect("\(appended.value(k, events: n))" == expected, "\(source): fold \(k) after \(n) appended events")
                #expect(tabulated.version(k, events: n) == written.version(k, events: n))
            }
        }
    }

    /// `folds` over `events`, appended one event at a time (a session's way).
    static func appended(_ folds: [EventFold]) -> EventFoldValues {
        var appended = EventFoldValues(folds: folds, events: [], costLimit: 10_000)
        for event in events { appended.append(event, day: Int32.min, costLimit: 10_000) }
        return appended
    }

    /// Predicates whose value is not a bool on some events (an int, a missing field): the table
    /// made in one pass fails where appending event by event fails, with the same error.
    @Test(arguments: [
        "events.exists(e, e.x)",
        "events.all(e, e.x)",
        "events.exists_one(e, e.x)",
        "events.filter(e, e.x).size() >= 0",
        "events.exists(e, e.x > 4)",
    ])
    func predicatesThatAreNotBoolsFailAsAppended(source: String) throws {
        let folds = try EventFoldPlannerTests.folds(of: source)
        #expect(!folds.isEmpty, "no fold in \(source)")
        let tabulated = EventFoldValues(folds: folds, events: Self.events, costLimit: 10_000)
        let appended = Self.appended(folds)
        for k in folds.indices {
            for n in 0...Self.events.count {
                #expect("\(tabulated.value(k, events: n))" == "\(appended.value(k, events: n))", "\(source): fold \(k) after \(n) events")
            }
        }
    }
}
