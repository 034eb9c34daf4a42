import Foundation
import JSON
import Output
import RuleModel
import Testing
import TestSupport
import YAMLSource
@testable import Rules

/// The keys a rule file may hold are declared once, in the rule model (`StreakRuleKey`,
/// `AchievementRuleKey`, …). For every kind of entry this proves that the decoder allows exactly
/// those keys (`RuleFileDecoder.…Keys`, what `rejectUnknownKeys` allows), that the editor schema
/// (`rulecheck schema`) has exactly those properties, and that docs/rules.md names each of them.
@Suite struct RuleKeysAgreementTests {
    /// One kind of entry: its declared keys, what the decoder allows, where the schema describes it
    /// (a path of keys and array indexes from the schema's root) and the docs section that documents it.
    struct Entry: Sendable, CustomTestStringConvertible {
        let name: String
        let declared: [String]
        let allowed: [String]
        let schemaPath: [String]
        let docsSection: String

        var testDescription: String { name }
    }

    static let entries: [Entry] = [
        Entry(name: "rule file", declared: RuleFileKey.names, allowed: RuleFileDecoder.topLevelKeys,
              schemaPath: [], docsSection: "Top level"),
        Entry(name: "calendar", declared: CalendarRuleKey.names, allowed: RuleFileDecoder.calendarKeys,
              schemaPath: ["$defs", "calendar"], docsSection: "`calendar`"),
        Entry(name: "metric", declared: MetricRuleKey.names, allowed: RuleFileDecoder.metricKeys,
              schemaPath: ["$defs", "metrics", "additionalProperties", "anyOf", "1"], docsSection: "`metrics`"),
        Entry(name: "streak", declared: StreakRuleKey.names, allowed: RuleFileDecoder.streakKeys,
              schemaPath: ["$defs", "streak"], docsSection: "`streaks[]`"),
        Entry(name: "freezes", declared: FreezesRuleKey.names, allowed: RuleFileDecoder.freezesKeys,
              schemaPath: ["$defs", "streak", "properties", "freezes"], docsSection: "`streaks[]`"),
        Entry(name: "milestone", declared: MilestoneRuleKey.names, allowed: RuleFileDecoder.milestoneKeys,
              schemaPath: ["$defs", "milestone"], docsSection: "`streaks[]`"),
        Entry(name: "achievement", declared: AchievementRuleKey.names, allowed: RuleFileDecoder.achievementKeys,
              schemaPath: ["$defs", "achievement"], docsSection: "`achievements[]`"),
        Entry(name: "complete_module", declared: CompleteModuleRuleKey.names, allowed: RuleFileDecoder.completeModuleKeys,
              schemaPath: ["$defs", "achievement", "properties", "complete_module"], docsSection: "`achievements[]`"),
        Entry(name: "progress", declared: ProgressRuleKey.names, allowed: RuleFileDecoder.progressKeys,
              schemaPath: ["$defs", "achievement", "properties", "progress"], docsSection: "`achievements[]`"),
        Entry(name: "available", declared: AvailableRuleKey.names, allowed: RuleFileDecoder.availableKeys,
              schemaPath: ["$defs", "achievement", "properties", "available"], docsSection: "`achievements[]`"),
        Entry(name: "rank", declared: RankRuleKey.names, allowed: RuleFileDecoder.rankKeys,
              schemaPath: ["$defs", "rank"], docsSection: "`ranks[]`"),
        Entry(name: "catalog", declared: CatalogRuleKey.names, allowed: RuleFileDecoder.catalogKeys,
              schemaPath: ["$defs", "catalog"], docsSection: "`catalog`"),
        Entry(name: "module", declared: CatalogModuleRuleKey.names, allowed: RuleFileDecoder.moduleKeys,
              schemaPath: ["$defs", "module"], docsSection: "`catalog`"),
        Entry(name: "level", declared: CatalogLevelRuleKey.names, allowed: RuleFileDecoder.levelKeys,
              schemaPath: ["$defs", "level"], docsSection: "`catalog`"),
        Entry(name: "category", declared: CategoryRuleKey.names, allowed: RuleFileDecoder.categoryKeys,
              schemaPath: ["$defs", "category"], docsSection: "`categories[]`"),
        Entry(name: "reminder", declared: ReminderRuleKey.names, allowed: RuleFileDecoder.reminderKeys,
              schemaPath: ["$defs", "reminder"], docsSection: "`reminders[]`"),
        Entry(name: "event type", declared: EventTypeRuleKey.names, allowed: RuleFileDecoder.eventTypeKeys,
              schemaPath: ["$defs", "eventType"], docsSection: "`events`"),
        Entry(name: "test", declared: RuleTestKey.names, allowed: RuleFileDecoder.testKeys,
              schemaPath: ["$defs", "test"], docsSection: "`tests[]`"),
        Entry(name: "expect", declared: RuleTestExpectKey.names, allowed: RuleFileDecoder.expectKeys,
              schemaPath: ["$defs", "expect"], docsSection: "`tests[]`"),
        Entry(name: "expected progress", declared: RuleTestExpectFields.Progress.names, allowed: RuleFileDecoder.expectedProgressKeys,
              schemaPath: expected(.progress, "additionalProperties"), docsSection: "`tests[]`"),
        Entry(name: "expected streak", declared: RuleTestExpectFields.Streak.names, allowed: RuleFileDecoder.expectedStreakKeys,
              schemaPath: expected(.streaks, "additionalProperties"), docsSection: "`tests[]`"),
        Entry(name: "expected module", declared: RuleTestExpectFields.Module.names, allowed: RuleFileDecoder.expectedModuleKeys,
              schemaPath: expected(.modules, "additionalProperties"), docsSection: "`tests[]`"),
        Entry(name: "expected upcoming entry", declared: RuleTestExpectFields.Coming.upcoming,
              allowed: RuleFileDecoder.expectedUpcomingKeys, schemaPath: expected(.upcoming, "items"), docsSection: "`tests[]`"),
        Entry(name: "expected reminder entry", declared: RuleTestExpectFields.Coming.names,
              allowed: RuleFileDecoder.expectedReminderKeys, schemaPath: expected(.reminders, "items"), docsSection: "`tests[]`"),
    ]

    /// Where the schema describes the entries of one expectation (`expect.streaks.ID`, an item of `expect.upcoming`).
    static func expected(_ key: RuleTestExpectKey, _ inner: String) -> [String] {
        ["$defs", "expect", "properties", key.rawValue, inner]
    }

    /// Keys are declared once in the rule model; the decoder allows exactly those, in that order.
    @Test("the decoder allows the rule model's keys", arguments: entries)
    func decoderAllowsTheModelsDeclaration(_ entry: Entry) {
        #expect(entry.allowed == entry.declared)
        #expect(Set(entry.declared).count == entry.declared.count, "\(entry.name) repeats a key")
    }

    @Test("the schema describes exactly the rule model's keys", arguments: entries)
    func schemaMatchesTheModel(_ entry: Entry) throws {
        let definition = try #require(Self.schema(at: entry.schemaPath), "no \(entry.schemaPath) in the schema")
        guard case .object(let object) = definition, case .object(let properties)? = object["properties"] else {
            Issue.record("\(entry.schemaPath) in the schema has no properties")
            return
        }
        #expect(Set(properties.keys) == Set(entry.declared))
    }

    @Test("docs/rules.md names every key", arguments: entries)
    func docsNameEveryKey(_ entry: Entry) throws {
        let section = try #require(Self.docsSection(entry.docsSection), "no section '## \(entry.docsSection)' in docs/rules.md")
        let named = Self.codeWords(in: section)
        let missing = entry.declared.filter { !named.contains($0) }
        #expect(missing.isEmpty, "docs/rules.md, \(entry.docsSection), does not name \(missing)")
    }

    /// The presentation keys the decoder reads for any award are keys of both kinds of award.
    @Test func awardKeysAreBoth() {
        #expect(Set(AwardRuleKey.names).isSubset(of: AchievementRuleKey.names))
        #expect(Set(AwardRuleKey.names).isSubset(of: MilestoneRuleKey.names))
    }

    /// The YAML layer's list of keys that mark a line as a rule entry (a block scalar that took in
    /// the next entry) may not drift from the rule model, which that layer cannot import.
    @Test func swallowedLinesAreTheKeysOfAwardsAndStreaks() {
        let keys = Set(AchievementRuleKey.names + MilestoneRuleKey.names + StreakRuleKey.names)
        #expect(SwallowedItems.entryKeys.subtracting(keys).isEmpty)
    }

    // MARK: reading the schema and the docs

    /// The value at `path` of the rule file schema: object keys, or array indexes written as numbers.
    static func schema(at path: [String]) -> JSONValue? {
        var value = RuleFileSchema.ruleFile
        for step in path {
            switch value {
            case .object(let object):
                guard let next = object[step] else { return nil }
                value = next
            case .array(let items):
                guard let index = Int(step), items.indices.contains(index) else { return nil }
                value = items[index]
            default:
                return nil
            }
        }
        return value
    }

    static let rulesDoc = (try? String(contentsOfFile: Repository.path("docs", "rules.md"), encoding: .utf8)) ?? ""

    /// The text of the section headed `## heading`, up to the next `## ` heading.
    static func docsSection(_ heading: String) -> String? {
        let lines = rulesDoc.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "## \(heading)") else { return nil }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix("## ") } ?? rest.endIndex
        return rest[..<end].joined(separator: "\n")
    }

    /// The words written in code spans (`day_starts`, `{max, refill_days, mode}`): where the docs name keys.
    static func codeWords(in text: String) -> Set<String> {
        var words: Set<String> = []
        for (index, span) in text.components(separatedBy: "`").enumerated() where index % 2 == 1 {
            let parts = span.split { !($0.isLetter || $0.isNumber || $0 == "_") }
            words.formUnion(parts.map(String.init))
        }
        return words
    }
}
