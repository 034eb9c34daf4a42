import JSON
import Output
import Testing
@testable import Rules

/// The keys a rule file may hold are declared once, by the decoder (`RuleFileDecoder.…Keys`,
/// what `rejectUnknownKeys` allows); the editor schema (`rulecheck schema`) states them again
/// with descriptions. This proves the two name the same keys for every kind of entry.
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

    @Test func topLevelMatchesDecoder() {
        #expect(Self.properties(of: RuleFileSchema.ruleFile) == Set(RuleFileDecoder.topLevelKeys))
    }
}
