import CEL
import Testing
@testable import Facts

/// A `day` predicate is judged again only when a part of the day it reads changed: which parts
/// a predicate reads comes from its checked expression.
struct DayViewTests {
    @Test("record fields map to the parts of a day they depend on", arguments: [
        (["status"], DayView.Fields.status),
        (["date", "weekday", "week"], DayView.Fields()),
        (["events"], .onTime), (["count"], .onTime), (["late"], .late),
        (["planned", "kill_time", "expired_count"], [.planned, .killTime, .expiredCount]),
        (["status", "no_such_field"], .all),
    ] as [([String], DayView.Fields)])
    func fieldsOfRecordFields(names: [String], expected: DayView.Fields) {
        #expect(DayView.Fields(recordFields: Set(names)) == expected)
    }

    @Test("a record read whole or not known is every part")
    func wholeRecord() {
        #expect(DayView.Fields(recordFields: nil) == .all)
    }

    @Test("a predicate's subject fields come from its checked expression", arguments: [
        ("day.status == \"completed\"", Set(["status"]) as Set<String>?),
        ("day.planned > 1 && user.id != \"x\"", ["planned"]),
        ("size([day].filter(x, x.status == \"open\")) > 0", nil),
        ("day.count[\"task_completed\"] >= 1", ["count"]),
    ] as [(String, Set<String>?)])
    func subjectFields(source: String, expected: Set<String>?) throws {
        let rules = try ruleSet("""
            schema: 1
            streaks:
              - id: s
                title: S
                day: \(source)
            """)
        guard case .day(let predicate) = StreakQualifier(rule: rules.streaks[0]) else {
            Issue.record("not a day predicate")
            return
        }
        #expect(predicate.subjectFields == expected)
    }

    @Test("a Swift predicate reads its subject whole")
    func swiftPredicate() {
        #expect(StreakPredicate { _ in true }.subjectFields == nil)
    }
}
