import JSON
import Output
import RuleModel
import Testing
@testable import Rules

/// The keys a rule file may hold are declared once, in the rule model (`StreakRuleKey`,
/// `AchievementRuleKey`, …); the decoder allows exactly those (`RuleFileDecoder.…Keys`, what
/// `rejectUnknownKeys` allows) and the editor schema (`rulecheck schema`) names them with
/// descriptions. This proves all three agree for every kind of entry.
@Suite struct RuleKeysAgreementTests {
    static let pairs: [(definition: String, keys: [String])] = [
        ("calendar", RuleFileDecoder.calendarKeys),
        ("streak", RuleFileDecoder.streakKeys),
        ("milestone", RuleFileDecoder.milestoneKeys),
        ("achievement", RuleFileDecoder.achievementKeys),
        ("rank", RuleFileDecoder.rankKeys),
        ("catalog", RuleFileDecoder.catalogKeys),
        ("module", RuleFileDecoder.moduleKeys),
        ("level", RuleFileDecoder.levelKeys),
        ("category", RuleFileDecoder.categoryKeys),
        ("test", RuleFileDecoder.testKeys),
        ("expect", RuleFileDecoder.expectKeys),
        ("eventType", RuleFileDecoder.eventTypeKeys),
        ("reminder", RuleFileDecoder.reminderKeys),
    ]

    static func properties(of schema: JSONValue) -> Set<String>? {
        guard case .object(let object) = schema, case .object(let properties)? = object["properties"] else { return nil }
        return Set(properties.keys)
    }

    @Test("the schema's definition has exactly the decoder's keys", arguments: pairs)
    func definitionMatchesDecoder(_ pair: (definition: String, keys: [String])) throws {
        guard case .object(let top) = RuleFileSchema.ruleFile, case .object(let definitions)? = top["$defs"] else {
            Issue.record("the rule file schema has no $defs")
            return
        }
        let definition = try #require(definitions[pair.definition], "no definition '\(pair.definition)' in the schema")
        #expect(Self.properties(of: definition) == Set(pair.keys), "\(pair.definition)")
    }

    static var definitions: JSONObject? {
        guard case .object(let top) = RuleFileSchema.ruleFile, case .object(let definitions)? = top["$defs"] else { return nil }
        return definitions
    }

    /// A metric written as `{expr, show}`: the object branch of the metric's `anyOf`.
    @Test func metricKeysMatchDecoder() throws {
        let metrics = try #require(Self.definitions?["metrics"])
        guard case .object(let map) = metrics, case .object(let values)? = map["additionalProperties"],
              case .array(let branches)? = values["anyOf"] else {
            Issue.record("the metrics definition has no anyOf of its values")
            return
        }
        let shapes = branches.compactMap(Self.properties(of:))
        #expect(shapes == [Set(RuleFileDecoder.metricKeys)])
    }

    /// `complete_module`, the achievement criterion over a catalog module.
    @Test func completeModuleKeysMatchDecoder() throws {
        let achievement = try #require(Self.definitions?["achievement"])
        guard case .object(let object) = achievement, case .object(let properties)? = object["properties"] else {
            Issue.record("the achievement definition has no properties")
            return
        }
        let criterion = try #require(properties["complete_module"])
        #expect(Self.properties(of: criterion) == Set(RuleFileDecoder.completeModuleKeys))
    }

    /// Each kind of entry's keys, as the rule model declares them and as the decoder allows them.
    static let declarations: [(entry: String, declared: [String], allowed: [String])] = [
        ("rule file", RuleFileKey.names, RuleFileDecoder.topLevelKeys),
        ("calendar", CalendarRuleKey.names, RuleFileDecoder.calendarKeys),
        ("metric", MetricRuleKey.names, RuleFileDecoder.metricKeys),
        ("streak", StreakRuleKey.allCases.map(\.rawValue), RuleFileDecoder.streakKeys),
        ("milestone", MilestoneRuleKey.names, RuleFileDecoder.milestoneKeys),
        ("achievement", AchievementRuleKey.names, RuleFileDecoder.achievementKeys),
        ("complete_module", CompleteModuleRuleKey.names, RuleFileDecoder.completeModuleKeys),
        ("rank", RankRuleKey.names, RuleFileDecoder.rankKeys),
        ("catalog", CatalogRuleKey.names, RuleFileDecoder.catalogKeys),
        ("module", CatalogModuleRuleKey.names, RuleFileDecoder.moduleKeys),
        ("level", CatalogLevelRuleKey.names, RuleFileDecoder.levelKeys),
        ("category", CategoryRuleKey.names, RuleFileDecoder.categoryKeys),
        ("reminder", ReminderRuleKey.names, RuleFileDecoder.reminderKeys),
        ("event type", EventTypeRuleKey.names, RuleFileDecoder.eventTypeKeys),
        ("test", RuleTestKey.names, RuleFileDecoder.testKeys),
        ("expect", RuleTestExpectKey.names, RuleFileDecoder.expectKeys),
    ]

    /// Keys are declared once in the rule model; the decoder allows exactly those, in that order.
    @Test("the decoder allows the rule model's keys", arguments: declarations)
    func decoderAllowsTheModelsDeclaration(_ declaration: (entry: String, declared: [String], allowed: [String])) {
        #expect(declaration.allowed == declaration.declared, "\(declaration.entry)")
        #expect(Set(declaration.declared).count == declaration.declared.count, "\(declaration.entry) repeats a key")
    }

    @Test func topLevelMatchesDecoder() {
        #expect(Self.properties(of: RuleFileSchema.ruleFile) == Set(RuleFileDecoder.topLevelKeys))
    }
}
