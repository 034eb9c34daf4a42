import CEL
import Evaluation
import Facts
import JSON
import Output
import RuleModel
import Rules
import RulecheckEngine
import StateFileYAML
import Testing

/// Bundle format 2 (docs/engine.md, "Versions"): categories, shown metrics and the module options
/// survive the bundle as the YAML loader read them, and a version 1 bundle still decodes.
@Suite struct BundleVersionTests {
    static let folder = EngineFixtures.path("Tests/RulecheckEngineTests/Fixtures/packs_and_categories")

    static func yamlRules() throws -> RuleSet {
        let loaded = RuleSetLoader.load(paths: [folder], baseline: nil)
        #expect(loaded.errorCount == 0, "\(loaded.diagnostics.map(\.message))")
        return try #require(loaded.ruleSet)
    }

    /// The YAML decoder and the bundle have no shared declaration of the rule keys: each new key
    /// is compared field by field between the rule set the YAML loader built and the one the
    /// bundle decodes to, and encoding again gives the same bytes.
    @Test func newKeysSurviveTheBundle() throws {
        let yaml = try Self.yamlRules()
        let bundle = RuleBundle.json(of: yaml)
        let decoded = try RuleBundle.decode(Array(bundle.utf8), file: "rules.json")
        #expect(RuleBundle.json(of: decoded) == bundle)

        #expect(yaml.categories.map(\.id) == ["focus", "collection", "streak"])
        #expect(decoded.categories.map(\.id) == yaml.categories.map(\.id))
        for (a, b) in zip(yaml.categories, decoded.categories) {
            #expect(a.title == b.title && a.description == b.description && a.icon == b.icon)
            #expect(a.localizedTitle == b.localizedTitle && a.localizedDescription == b.localizedDescription)
            #expect(a.meta.map { "\($0)" } == b.meta.map { "\($0)" } && a.span == b.span)
        }
        #expect(yaml.categories[0].localizedTitle.text(for: "en") == "Focus Master")
        #expect(yaml.categories[0].meta.map { "\($0)" } == "\(CELValue.map(CELMap(strings: [("color", .string("blue"))])))")

        #expect(yaml.metrics.map { "\($0.id):\($0.show)" } == ["sessions:false", "minutes:true", "hidden_too:false"])
        #expect(decoded.metrics.map { "\($0.id):\($0.show)" } == yaml.metrics.map { "\($0.id):\($0.show)" })

        func modules(_ rules: RuleSet) -> [ModuleCriterion] {
            rules.achievements.compactMap { if case .completeModule(let m) = $0.criterion { m } else { nil } }
        }
        #expect(modules(yaml) == [ModuleCriterion(catalog: "puzzle", module: "nianhua", release: 2),
                                  ModuleCriterion(catalog: "puzzle", module: "nianhua", levels: .all)])
        #expect(modules(decoded) == modules(yaml))
        #expect(decoded.achievements.map(\.info.category) == yaml.achievements.map(\.info.category))
    }

    /// The decision from the bundle equals the YAML rules' (shown metrics, categories, the pack
    /// badge and the full collection), and `EngineRules.categories(locale:)` names the categories.
    @Test func bundleDecidesLikeTheYAML() throws {
        let yaml = try Self.yamlRules()
        let engine = try EngineRules(bundle: Array(RuleBundle.json(of: yaml).utf8))
        let state = try StateFile.load(path: Self.folder + "/state.json")
        let now = try #require(state.now)
        let fromYAML = try UserEvaluation(rules: yaml, state: state, now: now).decision
        let fromBundle = try engine.evaluate(state, at: now)
        #expect(DecisionJSONRenderer(rules: engine.ruleSet, locale: "en").render(fromBundle)
                == DecisionJSONRenderer(rules: yaml, locale: "en").render(fromYAML))
        #expect(fromBundle.metrics == [ShownMetric(id: "minutes", value: .int(75))])
        // nianhua_02 is release 2's only level: the pack unlocks with it alone, at 10:00 on day 1.
        #expect(fromBundle.unlocks.map(\.id) == ["first", "pack_2", "everything"])
        #expect(fromBundle.unlocks.first { $0.id == "pack_2" }?.at.description == "2026-03-01T10:00:00+08:00")
        #expect(fromBundle.unlocks.first { $0.id == "pack_2" }?.catalogVersion == 2)
        // The full collection needs the bonus level (counts: false) too: 3 of 3, on day 2.
        #expect(fromBundle.achievement("everything")?.progress == AwardProgress(current: .int(3), target: .int(3)))
        #expect(fromBundle.unlocks.first { $0.id == "everything" }?.at.description == "2026-03-02T10:00:00+08:00")
        #expect(engine.categories(locale: "en").map(\.title) == ["Focus Master", "Collection", "Streaks"])
        #expect(engine.categories().first?.meta == .object(JSONObject([("color", .string("blue"))])))
        #expect(engine.categories(locale: "zh-Hans").first?.description == "专注相关")
    }

    /// A session on bundle rules shows the metrics after every step, and a pack badge unlocks
    /// at the event that completes its release.
    @Test func sessionStepsShowTheMetrics() throws {
        let engine = try EngineRules(bundle: Array(RuleBundle.json(of: try Self.yamlRules()).utf8))
        let start = try Moment.parse("2026-03-01T08:00:00+08:00").get()
        var session = try EngineSession(rules: engine, userID: "u", timeZone: "Asia/Shanghai", at: start)
        #expect(session.lastDecision.metrics == [ShownMetric(id: "minutes", value: .int(0))])
        _ = try session.record(EngineEvent(type: "focus_session", at: try Moment.parse("2026-03-01T09:00:00+08:00").get(),
                                           attributes: JSONObject([("minutes", .int(25))])))
        #expect(session.lastDecision.metrics == [ShownMetric(id: "minutes", value: .int(25))])
        let changes = try session.record(EngineEvent(type: "level_completed", at: try Moment.parse("2026-03-01T10:00:00+08:00").get(),
                                                     attributes: JSONObject([("level", .string("nianhua_02"))])))
        #expect(changes.unlocked.map(\.id) == ["pack_2"])
        #expect(changes.unlocked.first?.catalogVersion == 2)
        #expect(session.lastDecision.metrics == [ShownMetric(id: "minutes", value: .int(25))])
    }

    /// A version 1 bundle (contract 1.1: no categories, no `show`, no module options) decodes,
    /// and decides exactly as the rules it was compiled from (TaskMate's without its categories:
    /// a category is then free text, and the decision is the same).
    @Test(arguments: ["skinlab", "lifer", "taskmate"])
    func versionOneBundleDecodes(product: String) throws {
        let yaml = try EngineFixtures.rules(product)
        var document = try JSONParser.parse(RuleBundle.json(of: yaml))
        document.set(["version"], .int(1))
        document.set(["categories"], nil)
        let v1 = JSONWriter.write(document)
        #expect(!v1.contains("\"categories\"") && !v1.contains("\"release\": ") && !v1.contains("\"show\""))
        let engine = try EngineRules(bundle: Array(v1.utf8), file: "v1.json")
        #expect(engine.ruleSet.categories.isEmpty)
        #expect(engine.ruleSet.metrics.allSatisfy { !$0.show })
        // Encoding writes the current version.
        #expect(engine.bundleJSON.contains("\"version\": 2,"))
        for path in try EngineFixtures.states(product) {
            let state = try StateFile.load(path: path)
            let now = try #require(state.now)
            let decision = try engine.evaluate(state, at: now)
            #expect(decision.metrics.isEmpty)
            #expect(decision == (try UserEvaluation(rules: yaml, state: state, now: now).decision), "\(path)")
        }
    }

    /// The module options are checked when a bundle is decoded.
    @Test(arguments: [
        BadOption(key: "levels", value: .string("every"), expected: "expected \"counted\" or \"all\""),
        BadOption(key: "release", value: .int(0), expected: "a release is at least 1"),
        BadOption(key: "release", value: .string("3"), expected: "expected an integer"),
    ])
    func badModuleOptionsAreRefused(_ bad: BadOption) throws {
        var document = try JSONParser.parse(RuleBundle.json(of: try EngineFixtures.rules("puzzle")))
        document.set(["achievements", 0, "complete_module", bad.key], bad.value)
        do {
            _ = try EngineRules(bundle: Array(JSONWriter.write(document).utf8), file: "rules.json")
            Issue.record("decoded")
        } catch {
            #expect(error.path.description == "achievements[0].complete_module.\(bad.key)", "\(error)")
            #expect(error.message.contains(bad.expected), "\(error)")
        }
    }
}

/// A bad `complete_module` option in a bundle and the message it must give.
struct BadOption: Sendable {
    var key: String
    var value: JSONValue
    var expected: String
}
