import RulesTestSupport
import Testing
import RuleModel
@testable import Rules

/// `events`, the tracking plan (docs/rules.md, "events"): each mistake one diagnostic at its
/// place, with a suggestion where one is close; a plan that decodes keeps what it says.
@Suite struct EventPlanDecodingTests {
    static let head = """
        schema: 1
        events:

        """

    struct BadPlan: Sendable, CustomTestStringConvertible {
        var plan: String
        var code: String
        var line: Int
        var column: Int
        /// What the message suggests ("did you mean 'X'?"), `nil` for none.
        var suggestion: String?
        var testDescription: String { "\(code): \(plan.split(separator: "\n").first ?? "")" }
    }

    /// Each plan is written from line 3 of the file.
    static let badPlans: [BadPlan] = [
        BadPlan(plan: "  focus_session: { attributes: { minutes: integer } }", code: RuleCode.unknownAttributeType,
                line: 3, column: 43, suggestion: "int"),
        BadPlan(plan: "  focus_session: { attributes: { minutes: strng? } }", code: RuleCode.unknownAttributeType,
                line: 3, column: 43, suggestion: "string?"),
        BadPlan(plan: "  focus_session:\n    attributes:\n      minutes: 12", code: RuleCode.unknownAttributeType,
                line: 5, column: 16, suggestion: nil),
        BadPlan(plan: "  focus_session:\n    attributes:\n      minutes: durationish", code: RuleCode.unknownAttributeType,
                line: 5, column: 16, suggestion: nil),
        BadPlan(plan: "  focus_session: { attributes: { at: timestamp } }", code: RuleCode.fixedEventName,
                line: 3, column: 34, suggestion: nil),
        BadPlan(plan: "  focus_session: { attributes: { type: string } }", code: RuleCode.fixedEventName,
                line: 3, column: 34, suggestion: nil),
        BadPlan(plan: "  focus_session:\n    attributes: { weekday: int }", code: RuleCode.fixedEventName,
                line: 4, column: 19, suggestion: nil),
        BadPlan(plan: "  level_completed: { attributes: { stars: int, level: int } }",
                code: RuleCode.reservedAttributeRedeclared, line: 3, column: 48, suggestion: nil),
        BadPlan(plan: "  day_planned:\n    attributes:\n      tasks: int", code: RuleCode.reservedAttributeRedeclared,
                line: 5, column: 7, suggestion: nil),
        BadPlan(plan: "  focus_session: { titel: Focus }", code: RuleCode.unknownKey,
                line: 3, column: 20, suggestion: "title"),
        BadPlan(plan: "  focus_session:\n    attribute: { minutes: int }", code: RuleCode.unknownKey,
                line: 4, column: 5, suggestion: "attributes"),
        BadPlan(plan: "  Focus-Session: {}", code: RuleCode.invalidID, line: 3, column: 3, suggestion: "focus_session"),
        BadPlan(plan: "  focus_session: int", code: RuleCode.wrongType, line: 3, column: 18, suggestion: nil),
        BadPlan(plan: "  focus_session: { attributes: [minutes] }", code: RuleCode.wrongType, line: 3, column: 32,
                suggestion: nil),
        BadPlan(plan: "  - focus_session", code: RuleCode.wrongType, line: 3, column: 3, suggestion: nil),
        BadPlan(plan: "  focus_session: { title: { english: Focus } }", code: RuleCode.invalidLocale, line: 3, column: 29,
                suggestion: nil),
    ]

    @Test(arguments: badPlans)
    func eachMistakeAtItsPlace(_ bad: BadPlan) throws {
        let files: [String: String] = ["a.yaml": Self.head + bad.plan + "\n"]
        let loaded = RuleSetText.result(files)
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code) == [bad.code], "\(errors.map(\.message))")
        let error = try #require(errors.first)
        #expect(error.span?.start.line == bad.line)
        #expect(error.span?.start.column == bad.column)
        if let suggestion = bad.suggestion {
            #expect(error.message.hasSuffix("did you mean '\(suggestion)'?"), "\(error.message)")
        } else {
            #expect(!error.message.contains("did you mean"), "\(error.message)")
        }
        #expect(loaded.ruleSet == nil)
    }

    @Test func aSecondEventsNamesBothPlaces() throws {
        let files: [String: String] = [
            "a.yaml": "schema: 1\nevents: { focus_session: {} }\n",
            "b.yaml": "schema: 1\nmetrics:\n  m: events.size()\nevents:\n  task_created: {}\n",
        ]
        let loaded = RuleSetText.result(files)
        let error = try #require(loaded.diagnostics.first)
        #expect(loaded.diagnostics.map(\.code) == [RuleCode.duplicateEventPlan])
        #expect(error.span?.file.hasSuffix("b.yaml") == true && error.span?.start.line == 4)
        #expect(error.notes.first?.span?.file.hasSuffix("a.yaml") == true && error.notes.first?.span?.start.line == 2)
    }

    @Test func aPlanKeepsWhatItSays() throws {
        let files: [String: String] = ["a.yaml": Self.head + """
              focus_session:
                title: { en: A focus session ended, zh-Hans: 专注结束 }
                attributes:
                  minutes: int
                  category: string?
                  started: timestamp?
                  ratio: double
                  score: number
                  done: bool
                  tags: list?
                  extra: map?
              task_completed:
                attributes: { category: string? }
              custom_category_created: {}
              sync_finished:

            """]
        let loaded = RuleSetText.result(files)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
        let plan = try #require(loaded.ruleSet?.eventPlan)
        #expect(plan.typeNames == ["focus_session", "task_completed", "custom_category_created", "sync_finished",
                                   "level_completed", "day_planned", "kill_time_changed", "freeze_used"])
        let focus = try #require(plan.type(named: "focus_session"))
        #expect(focus.title?.defaultText == "A focus session ended" && !focus.reserved)
        #expect(focus.attributes.map(\.name) == ["minutes", "category", "started", "ratio", "score", "done", "tags", "extra"])
        #expect(focus.attributes.map(\.kind) == [.int, .string, .timestamp, .double, .number, .bool, .list, .map])
        #expect(focus.attributes.map(\.optional) == [false, true, true, false, false, false, true, true])
        #expect(focus.attribute(named: "minutes")?.span?.start.line == 6)
        let task = try #require(plan.type(named: "task_completed"))
        #expect(task.reserved && task.attributes.map(\.name) == ["category"] && task.span?.start.line == 14)
        #expect(plan.type(named: "level_completed") == EventPlan.reserved[1])
    }

    @Test func aListedReservedTypeKeepsItsOwnAttributesFirst() throws {
        let files: [String: String] = ["a.yaml": Self.head + """
              level_completed:
                title: 过关
                attributes: { stars: int? }

            """]
        let plan = try #require(RuleSetText.result(files).ruleSet?.eventPlan)
        let level = try #require(plan.type(named: "level_completed"))
        #expect(level.reserved && level.title?.defaultText == "过关")
        #expect(level.attributes.map(\.name) == ["level", "difficulty", "time", "moves", "stars"])
        #expect(plan.typeNames.filter { $0 == "level_completed" }.count == 1)
    }

    @Test func anEmptyEventsIsAPlanOfTheReservedTypes() throws {
        let files: [String: String] = ["a.yaml": Self.head]
        let plan = try #require(RuleSetText.result(files).ruleSet?.eventPlan)
        #expect(plan.typeNames == EventPlan.reservedTypeNames)
    }

    @Test func withoutEventsThereIsNoPlan() throws {
        let files: [String: String] = ["a.yaml": "schema: 1\nmetrics:\n  m: events.size()\n"]
        let loaded = RuleSetText.result(files)
        #expect(loaded.diagnostics.isEmpty)
        #expect(try #require(loaded.ruleSet).eventPlan == nil)
    }

    @Test func eventTitlesJoinTheMissingLocaleWarning() throws {
        let files: [String: String] = ["a.yaml": Self.head + """
              focus_session: { title: Focus }
            achievements:
              - { id: a, title: { en: A, zh-Hans: 甲 }, when: events.size() > 0 }

            """]
        let loaded = RuleSetText.result(files)
        #expect(loaded.diagnostics.map(\.code) == [RuleCode.missingLocale])
        #expect(loaded.diagnostics.first?.span?.start.line == 3)
    }
}
