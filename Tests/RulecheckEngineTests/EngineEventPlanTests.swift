import Evaluation
import Facts
import JSON
import RuleModel
import Rules
import RulecheckEngine
import Testing

/// The tracking plan in the embedded engine: the compiled bundle carries it (a bundle without one
/// has none), a damaged plan is refused with its path, and a session reports an event outside
/// the plan in the changes of its step.
@Suite struct EngineEventPlanTests {
    static let folder = EngineFixtures.path("Tests/schema/fixtures/planned/rules")

    static func yamlRules() throws -> RuleSet {
        let loaded = RuleSetLoader.load(paths: [folder], baseline: nil)
        #expect(loaded.errorCount == 0, "\(loaded.diagnostics.map(\.message))")
        return try #require(loaded.ruleSet)
    }

    static func moment(_ text: String) throws -> Moment { try Moment.parse(text).get() }

    @Test func thePlanSurvivesTheBundle() throws {
        let yaml = try Self.yamlRules()
        let bundle = RuleBundle.json(of: yaml)
        let decoded = try RuleBundle.decode(Array(bundle.utf8), file: "rules.json")
        #expect(RuleBundle.json(of: decoded) == bundle)
        let plan = try #require(yaml.eventPlan)
        #expect(decoded.eventPlan == plan)
        #expect(plan.type(named: "focus_session")?.title?.text(for: "zh-Hans") == "专注结束")
        #expect(plan.typeNames.suffix(4) == ["level_completed", "day_planned", "kill_time_changed", "freeze_used"])
    }

    @Test func aBundleWithoutAPlanHasNoneAndIsWrittenWithoutTheKey() throws {
        var rules = try Self.yamlRules()
        rules.eventPlan = nil
        let bundle = RuleBundle.json(of: rules)
        #expect(!bundle.contains("\"events\""))
        #expect(try RuleBundle.decode(Array(bundle.utf8)).eventPlan == nil)
        // An older engine's bundle: the same version, no `events` key.
        var document = try JSONParser.parse(RuleBundle.json(of: try Self.yamlRules()))
        document.set(["events"], nil)
        #expect(try RuleBundle.decode(Array(JSONWriter.write(document).utf8)).eventPlan == nil)
    }

    static let damaged: [ReminderDamage] = [
        ReminderDamage(path: ["events", "types", "0", "name"], value: .string("Focus"), "events.types[0].name", "must match"),
        ReminderDamage(path: ["events", "types", "1", "name"], value: .string("focus_session"), "events.types[1].name", "declared twice"),
        ReminderDamage(path: ["events", "types", "0", "attributes", "0", "type"], value: .string("integer"),
                       "events.types[0].attributes[0].type", "not an attribute type"),
        ReminderDamage(path: ["events", "types", "0", "attributes", "0", "name"], value: .string("at"),
                       "events.types[0].attributes[0].name", "cannot be declared"),
        ReminderDamage(path: ["events", "types", "2", "name"], value: .string("level_completed"), "events.types[2].attributes[0].name",
                       "cannot be declared"),
        ReminderDamage(path: ["events", "types"], value: .string("all"), "events.types", "expected an array"),
    ]

    @Test(arguments: damaged)
    func aDamagedPlanIsRefused(damage: ReminderDamage) throws {
        var document = try JSONParser.parse(RuleBundle.json(of: try Self.yamlRules()))
        document.set(damage.path.map { Int($0) ?? $0 as Any }, damage.value)
        if damage.path == ["events", "types", "2", "name"] {
            // task_completed listed as level_completed, with an attribute named like a reserved one.
            document.set(["events", "types", 2, "attributes", 0, "name"], .string("level"))
        }
        do {
            _ = try EngineRules(bundle: Array(JSONWriter.write(document).utf8), file: "rules.json")
            Issue.record("decoded")
        } catch {
            #expect(error.path.description == damage.at && error.message.contains(damage.message), "\(error)")
        }
    }

    @Test func aSessionReportsAnEventOutsideThePlanAndRecordsIt() throws {
        let bundle = RuleBundle.json(of: try Self.yamlRules())
        let rules = try EngineRules(bundle: Array(bundle.utf8), file: "rules.json")
        var session = try EngineSession(rules: rules, userID: "u1", at: try Self.moment("2026-01-05T08:00:00+08:00"))
        let good = try session.record(EngineEvent(type: "focus_session", at: try Self.moment("2026-01-05T09:00:00+08:00"),
                                                  attributes: JSONObject([("minutes", .int(25))])))
        #expect(good.warnings.isEmpty && good.unlocked.map(\.id) == ["first_focus"])
        let misspelt = try session.record(EngineEvent(type: "focus_sesion", at: try Self.moment("2026-01-05T10:00:00+08:00"),
                                                      attributes: JSONObject([("minutes", .int(40))])))
        #expect(misspelt.warnings.map(\.code) == ["event_not_in_plan"])
        #expect(misspelt.warnings.first?.path == "events[1].type" && misspelt.warnings.first?.count == 1)
        #expect(misspelt.warnings.first?.message.hasSuffix("did you mean 'focus_session'?") == true)
        let wrong = try session.record(EngineEvent(type: "focus_session", at: try Self.moment("2026-01-05T11:00:00+08:00"),
                                                   attributes: JSONObject([("minutes", .string("40"))])))
        #expect(wrong.warnings.map(\.path) == ["events[2].minutes"])
        // Recorded as given: the state keeps both, and the decision lists them as the file's problems.
        #expect(session.state.events.map(\.type) == ["focus_session", "focus_sesion", "focus_session"])
        #expect(session.lastDecision.warnings.filter { $0.code == "event_not_in_plan" }.compactMap(\.path)
                == ["events[1].type", "events[2].minutes"])
        let later = try session.advance(to: try Self.moment("2026-01-05T12:00:00+08:00"))
        #expect(later.warnings.isEmpty)
    }
}
