import RuleModel
import RulesTestSupport
import Testing
@testable import Rules

/// Titles per locale (docs/rules.md, "Locales"): exact tag, then the same language, then the
/// default (the first entry).
@Suite struct LocalizedTextTests {
    static let title = LocalizedText(entries: [.init(locale: "zh-Hans", text: "专注新手"), .init(locale: "en", text: "Focus novice"),
                                               .init(locale: "pt-BR", text: "Novato")])

    @Test(arguments: [
        (nil, "专注新手"), ("en", "Focus novice"), ("EN", "Focus novice"), ("en-GB", "Focus novice"),
        ("zh", "专注新手"), ("zh-Hant", "专注新手"), ("pt", "Novato"), ("pt-PT", "Novato"), ("fr", "专注新手"),
    ] as [(String?, String)])
    func resolves(tag: String?, text: String) throws {
        let title = try #require(Self.title)
        #expect(title.text(for: tag) == text)
    }

    @Test func aPlainStringIsItsOwnDefault() {
        let plain = LocalizedText("夜猫子")
        #expect(plain.text(for: "en") == "夜猫子")
        #expect(plain.locales.isEmpty)
    }

    /// A plain string and the same text as one untagged entry are the same text, with one entry.
    @Test func aPlainStringHasOneUntaggedEntry() throws {
        let plain = LocalizedText("夜猫子"), entry = try #require(LocalizedText(entries: [.init(locale: nil, text: "夜猫子")]))
        #expect(plain == entry)
        #expect(plain.entries == [.init(locale: nil, text: "夜猫子")])
        #expect(try #require(Self.title).entries.map(\.locale) == ["zh-Hans", "en", "pt-BR"])
        #expect(LocalizedText(entries: []) == nil)
    }

    @Test(arguments: [("en", true), ("zh-Hans", true), ("es-419", true), ("pt-BR", true), ("zh_Hans", false),
                      ("english", false), ("e", false), ("en-", false), ("", false), ("中文", false),
                      ("-en", false), ("e1", false), ("en--US", false), ("en-abcdefgh", true), ("en-abcdefghi", false),
                      ("EN-us", true), ("en-US-x1", true), ("en@", false), ("é", false)])
    func validTags(tag: String, valid: Bool) {
        #expect(LocalizedText.isValidTag(tag) == valid)
    }

    /// `localized(to:)` rewrites every title for people and leaves the default elsewhere.
    @Test func ruleSetLocalizesEveryTitle() throws {
        let files: [String: String] = ["a.yaml": """
            schema: 1
            achievements:
              - { id: a, title: { zh-Hans: 甲, en: Alpha }, description: { zh-Hans: 说明, en: About }, when: 'true' }
            streaks:
              - id: s
                title: { zh-Hans: 连续, en: Streak }
                counts: 'true'
                milestones: [{ days: 2, id: m, title: { zh-Hans: 两天, en: Two days } }]
            ranks:
              - { id: r, title: { zh-Hans: 新手, en: Novice }, min_points: 0 }
            """]
        let rules = try #require(RuleSetText.result(files).ruleSet)
        let english = rules.localized(to: "en-US")
        #expect(english.achievements.map(\.info.title) == ["Alpha"])
        #expect(english.achievements.map(\.info.description) == ["About"])
        #expect(english.streaks.map(\.title) == ["Streak"])
        #expect(english.streaks.flatMap(\.milestones).map(\.info.title) == ["Two days"])
        #expect(english.ranks.map(\.title) == ["Novice"])
        #expect(rules.achievements.map(\.info.title) == ["甲"])
    }
}
