import CEL
import RuleModel
import Testing
@testable import Rules

/// The tracking plan's checks on one condition (docs/rules.md, "Conditions checked against the
/// plan"): each case a condition, the scope it is written in and what the check finds, with the
/// found name's column inside the condition (from 0) and the suggestion.
@Suite struct ConditionPlanCheckTests {
    static let plan = EventPlan(types: [
        EventPlan.EventType(name: "focus_session", attributes: [
            .init(name: "minutes", kind: .int, optional: false),
            .init(name: "category", kind: .string, optional: true),
            .init(name: "started_at", kind: .timestamp, optional: true),
        ]),
        EventPlan.EventType(name: "task_created", attributes: [
            .init(name: "category", kind: .string, optional: true),
            .init(name: "tags", kind: .list, optional: true),
        ]),
        EventPlan.EventType(name: "note_saved", attributes: [
            .init(name: "minutes", kind: .double, optional: false),
            .init(name: "extra", kind: .map, optional: true),
        ]),
    ] + EventPlan.reserved)

    struct Found: Equatable, CustomStringConvertible {
        var code: String
        var name: String
        var column: Int
        var suggestion: String?
        var description: String { "\(code) \(name)@\(column) \(suggestion ?? "-")" }
    }

    static func findings(_ condition: String, scope: FactTypes.Scope = .rule, plan: EventPlan? = plan) -> [Found]? {
        let records = EventRecordTypes(plan: plan)
        let environment = FactTypes.environment(scope: scope, metrics: FactTypes.metricsRecord([]), records: records)
        guard case .success(let program) = environment.compile(condition), let checked = program.checked else { return nil }
        guard let plan else { return [] }
        return ConditionPlanCheck(plan: plan, records: records).findings(in: checked).map { finding in
            switch finding.kind {
            case .unknownAttribute(let suggestion):
                Found(code: "E313", name: finding.name, column: finding.range.start, suggestion: suggestion)
            case .unknownType(let suggestion):
                Found(code: "E314", name: finding.name, column: finding.range.start, suggestion: suggestion)
            case .attributeOutsideTypes:
                Found(code: "W436", name: finding.name, column: finding.range.start, suggestion: nil)
            }
        }
    }

    static func e313(_ name: String, _ column: Int, _ suggestion: String?) -> Found {
        Found(code: "E313", name: name, column: column, suggestion: suggestion)
    }
    static func e314(_ name: String, _ column: Int, _ suggestion: String?) -> Found {
        Found(code: "E314", name: name, column: column, suggestion: suggestion)
    }
    static func w436(_ name: String, _ column: Int) -> Found { Found(code: "W436", name: name, column: column, suggestion: nil) }

    @Test(arguments: [
        // Attributes, in every place an event is.
        ("events.exists(e, e.minuets > 0)", FactTypes.Scope.rule, [e313("minuets", 19, "minutes")]),
        ("events.map(e, e.hours).size() > 0", .rule, [e313("hours", 16, "hour")]),
        ("days.exists(d, d.events.exists(e, e.minuets > 0))", .rule, [e313("minuets", 36, "minutes")]),
        ("days.exists(d, d.late.exists(x, x.catgory == \"a\"))", .rule, [e313("catgory", 34, "category")]),
        ("today.events.exists(e, e.minuets > 0)", .rule, [e313("minuets", 25, "minutes")]),
        ("event.minuets > 0", .streakCounts, [e313("minuets", 6, "minutes")]),
        ("day.events.exists(e, e.zzz > 0)", .streakDay, [e313("zzz", 23, nil)]),
        ("events.exists(e, has(e.minuets))", .rule, [e313("minuets", 23, "minutes")]),
        ("events.exists(e, e.?minuets.orValue(0) > 0)", .rule, [e313("minuets", 20, "minutes")]),
        ("events[0].minuets > 0", .rule, [e313("minuets", 10, "minutes")]),
        ("events.exists(e, e . minuets > 0)", .rule, [e313("minuets", 21, "minutes")]),
        // Computed names and declared attributes, reserved ones included, are known.
        ("events.exists(e, e.day == \"2026-01-01\" && e.hour > 1 && e.week != \"\" && e.late)", .rule, []),
        ("events.exists(e, e.level == \"a\" || e.moves > 3 || e.tasks > 1 || e.to == \"20:00\")", .rule, []),
        ("events.exists(e, e.started_at < now && e.tags.size() > 0 && e.extra.a == 1)", .rule, []),
        // Type strings: compared with an event's type, or a key of a day's count.
        ("events.exists(e, e.type == \"focus_sesion\")", .rule, [e314("focus_sesion", 27, "focus_session")]),
        ("events.exists(e, \"focus_sesion\" == e.type)", .rule, [e314("focus_sesion", 17, "focus_session")]),
        ("events.exists(e, e.type != \"tsk_created\")", .rule, [e314("tsk_created", 27, "task_created")]),
        ("events.exists(e, e.type in [\"focus_session\", \"note_saved\", \"level_complete\"])", .rule,
         [e314("level_complete", 59, "level_completed")]),
        ("event.type == \"task_complete\"", .streakCounts, [e314("task_complete", 14, "task_completed")]),
        ("day.count[\"task_complete\"] > 0", .streakDay, [e314("task_complete", 10, "task_completed")]),
        ("today.count[?\"focus_sesion\"].orValue(0) > 0", .rule, [e314("focus_sesion", 13, "focus_session")]),
        ("\"focus_sesion\" in today.count", .rule, [e314("focus_sesion", 0, "focus_session")]),
        ("days.exists(d, d.count[\"whatever\"] > 0)", .rule, [e314("whatever", 23, nil)]),
        ("events.exists(e, e.type == \"freeze_used\" || e.type == \"day_planned\")", .rule, []),
        // Other strings are not type strings.
        ("events.exists(e, e.day == \"focus_sesion\") && user.id == \"focus_sesion\"", .rule, []),
        // W436: the && chain fixed the type to types that do not declare the attribute.
        ("events.exists(e, e.type == \"task_created\" && e.minutes > 0)", .rule, [w436("minutes", 47)]),
        ("events.exists(e, e.minutes > 0 && e.type == \"task_created\")", .rule, [w436("minutes", 19)]),
        ("events.exists(e, e.type in [\"task_created\", \"level_completed\"] && e.minutes > 0)", .rule,
         [w436("minutes", 68)]),
        ("events.exists(e, e.type == \"task_completed\" && (e.hour > 3 || e.category == \"x\" && e.tags.size() > 0))",
         .rule, [w436("category", 64), w436("tags", 85)]),
        ("event.type == \"level_completed\" && event.tasks > 3", .streakCounts, [w436("tasks", 41)]),
        ("events.exists(e, e.type == \"focus_session\" && events.exists(x, x.type == \"note_saved\" && e.tags.size() > 0))",
         .rule, [w436("tags", 91)]),
    ])
    func finds(condition: String, scope: FactTypes.Scope, expected: [Found]) {
        #expect(Self.findings(condition, scope: scope) == expected, "\(condition)")
    }

    /// What W436 must not catch: the type fixed to one that declares the attribute, not fixed at
    /// all, fixed by `||` or `!=`, or a comprehension that binds the same name anew.
    @Test(arguments: [
        "events.exists(e, e.type == \"focus_session\" && e.minutes > 0)",
        "events.exists(e, e.type in [\"focus_session\", \"task_created\"] && e.category == \"x\")",
        "events.exists(e, e.type == \"task_created\" || e.minutes > 0)",
        "events.exists(e, e.type != \"task_created\" && e.minutes > 0)",
        "events.exists(e, e.minutes > 0)",
        "events.exists(e, e.type == \"task_created\" && e.hour > 3 && e.day != \"\")",
        "events.exists(e, e.type == \"task_created\" && events.exists(e, e.minutes > 0))",
        "events.exists(e, e.type == \"task_created\" && e.type == \"focus_session\" && e.minutes > 0)",
        "events.filter(e, e.type == \"focus_session\").map(e, e.minutes).sum() > 0",
    ])
    func mustNotWarn(condition: String) {
        #expect(Self.findings(condition)?.isEmpty == true, "\(condition)")
    }

    /// The plan's attribute types reach the checker: a typed attribute used as another type is a
    /// type error; one declared with different types by two event types is `dyn`.
    @Test(arguments: [
        ("events.exists(e, e.category + 1 > 0)", false),
        ("events.exists(e, e.category.startsWith(\"a\"))", true),
        ("events.exists(e, e.started_at < now)", true),
        ("events.exists(e, e.started_at + 1 > 0)", false),
        ("events.exists(e, e.minutes + 1.5 > 0 && e.minutes + 1 > 0)", true),
        ("events.exists(e, e.time + 1.5 > 0 && e.time + 1 > 0)", true),
        ("events.exists(e, e.tags.exists(t, t == 1))", true),
    ])
    func attributeTypes(condition: String, compiles: Bool) {
        #expect((Self.findings(condition) != nil) == compiles, "\(condition)")
    }

    /// Without a plan an event is open, as it always was: any name is `dyn` and nothing is checked.
    @Test func withoutPlanEventsStayOpen() {
        #expect(Self.findings("events.exists(e, e.minuets + 1.5 > 0 && e.type == \"focus_sesion\")", plan: nil) == [])
        #expect(EventRecordTypes(plan: nil).event === FactTypes.event)
        #expect(EventRecordTypes(plan: nil).day === FactTypes.day)
    }
}
