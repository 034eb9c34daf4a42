import Foundation
import Testing
import TestSupport

/// `rulecheck schema --state` (docs/state-file.md, "A schema of your state files"): the JSON
/// Schema of a rule set's state files, events checked by type against its tracking plan. The
/// states it accepts and refuses are checked with a real validator by
/// Tests/schema/validate_state_files.py (run here and by `make test`).
@Suite struct StateSchemaCommandTests {
    static let planned = "Tests/schema/fixtures/planned/rules"
    static let unplanned = "Tests/schema/fixtures/unplanned/rules"

    static func schema(_ arguments: [String]) throws -> JSONTree {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["schema", "--state"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(JSONTree.parse(run.stdout), "not JSON")
    }

    @Test func withAPlanEveryTypeOfThePlanAndNoOther() throws {
        let schema = try Self.schema([Self.planned])
        #expect(schema["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
        #expect(SchemaCommandTests.undocumented(schema) == [])
        let defs = schema["$defs"]
        let types = defs?["event"]?["properties"]?["type"]?["enum"]?.arrayValue?.compactMap(\.stringValue)
        #expect(types == ["focus_session", "task_created", "task_completed", "category_created", "settings_opened",
                          "level_completed", "day_planned", "kill_time_changed", "freeze_used"])
        let focus = defs?["event_focus_session"]
        #expect(focus?["required"] == .array([.string("minutes")]))
        #expect(focus?["properties"]?["minutes"]?["type"] == .string("integer"))
        #expect(focus?["properties"]?["category"]?["type"] == .array([.string("string"), .string("null")]))
        #expect(focus?["properties"]?["ratio"]?["type"] == .array([.string("number"), .string("null")]))
        #expect(focus?["properties"]?["started"]?["pattern"] != nil)
        #expect(focus?["description"] == .string("A focus session ended"))
        // A listed reserved type: its own attributes, then the app's.
        #expect(defs?["event_task_completed"]?["properties"]?["category"] != nil)
        #expect(defs?["event_day_planned"]?["required"] == .array([.string("tasks")]))
        #expect(defs?["event"]?["required"] == .array([.string("type"), .string("at")]))
        #expect(defs?["event"]?["properties"]?["weekday"]?["not"] != nil)
        #expect(schema["required"] == .array([.string("schema"), .string("user"), .string("events")]))
        #expect(schema["additionalProperties"] == nil)
    }

    @Test func withoutAPlanAnyTypeAndTheReservedOnesChecked() throws {
        let schema = try Self.schema([Self.unplanned])
        let defs = schema["$defs"]
        #expect(defs?["event"]?["properties"]?["type"]?["enum"] == nil)
        #expect(defs?["event"]?["allOf"]?.arrayValue?.count == 5)
        #expect(defs?["event_level_completed"]?["required"] == .array([.string("level")]))
    }

    @Test func aWorkspaceRuleSetByNameAndTheSameBytesEachTime() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let first = try RulecheckRun.run(["schema", "--state", "--ruleset", "taskmate"])
        let second = try RulecheckRun.run(["schema", "--state", "rules/taskmate"])
        #expect(first.status == 0 && !first.stdout.isEmpty)
        #expect(first.stdout == second.stdout)
    }

    @Test func aCompiledBundleGivesTheSameSchema() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: bundle) }
        #expect(try RulecheckRun.run(["compile", Self.planned, "-o", bundle]).status == 0)
        let fromBundle = try RulecheckRun.run(["schema", "--state", bundle])
        #expect(fromBundle.status == 0)
        #expect(fromBundle.stdout == (try RulecheckRun.run(["schema", "--state", Self.planned])).stdout)
    }

    @Test(arguments: [
        (["schema", "rules/taskmate"], Int32(2), "go with --state"),
        (["schema", "--ruleset", "taskmate"], 2, "go with --state"),
        (["schema", "--state", "--workspace", "rules/taskmate"], 2, "not both"),
        (["schema", "--state"], 2, "--ruleset NAME"),
        (["schema", "--state", "--ruleset", "taskmat"], 2, "did you mean 'taskmate'?"),
        (["schema", "--state", "rules/taskmate", "--ruleset", "taskmate"], 2, "not both"),
        (["schema", "--state", "Tests/RulesTests/Fixtures/E450_unknown_attribute_type/rules"], 1, "E450"),
    ])
    func badUsageAndBadRules(arguments: [String], status: Int32, message: String) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(arguments)
        #expect(run.status == status)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    /// Every example state validates against its rule set's schema; good fixtures validate and
    /// bad ones are refused, agreeing with `event_not_in_plan` (python3 with jsonschema and pyyaml).
    @Test func statesValidateWithARealValidator() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.python(script: "Tests/schema/validate_state_files.py")
        let text = run.stdout + run.stderr
        #expect(run.status == 0, "\(text) (needs: python3 -m pip install jsonschema pyyaml)")
        #expect(run.stdout.hasSuffix("fixture states checked, 0 problems\n"), "\(text)")
    }
}
