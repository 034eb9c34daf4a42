import Diagnostics
import Foundation
import JSON
import RuleModel

extension RequestContext {
    /// The reminder kinds of `on` (docs/rules.md, "reminders[]").
    static let reminderKinds = ["streak_at_risk", "streak_freezes", "streak_breaks", "freeze_refill", "day_expires",
                                "available_from", "available_until"]

    /// Ids outside CEL, by the key the cursor's value belongs to: award ids in `requires` and in
    /// tests' expectations, streak ids in a reminder's `streak`, reminder kinds in `on`, category,
    /// catalog, module and rank ids. Read from the line's text, so a half-written line works.
    func idItems(at position: SourcePosition) -> [JSONValue] {
        let before = lines.text(of: SourceSpan(file: path, start: SourcePosition(line: position.line, column: 1), end: position))
        guard let key = valueKey(before, line: position.line) else { return [] }
        if key == ReminderRuleKey.on.rawValue { return Self.reminderKinds.map { Self.item($0, .enumMember, "reminder kind") } }
        guard let kind = Self.idKinds[key] else { return [] }
        return index.ids(of: kind).map { Self.item($0.id, .constant, $0.kind.rawValue) }
    }

    /// The kind of id each key's value names, by the key's text: keys of rule entries and of
    /// tests' expectations, through their key enums.
    static let idKinds: [String: RuleFileIndex.Kind] = {
        var kinds: [String: RuleFileIndex.Kind] = [:]
        kinds[AchievementRuleKey.requires.rawValue] = .achievement
        for key in [RuleTestExpectKey.unlocks, .unlocked, .locked, .progress, .unlockedAt] { kinds[key.rawValue] = .achievement }
        for key in [ReminderRuleKey.streak.rawValue, RuleTestExpectKey.streaks.rawValue] { kinds[key] = .streak }
        for key in [AwardRuleKey.category.rawValue, RuleTestExpectKey.categories.rawValue] { kinds[key] = .category }
        kinds[CompleteModuleRuleKey.module.rawValue] = .module
        kinds[CompleteModuleRuleKey.catalog.rawValue] = .catalog
        kinds[RuleTestExpectKey.rank.rawValue] = .rank
        kinds[RuleTestExpectKey.metrics.rawValue] = .metric
        return kinds
    }()

    /// The key whose value is being written: `key: …` on the line itself, else (a list item, a
    /// key of a nested mapping) the nearest less indented `key:` line above.
    private func valueKey(_ before: String, line: Int) -> String? {
        if let match = before.range(of: #"([A-Za-z_]+):\s*(\[[^\]]*)?[A-Za-z0-9_, ]*$"#, options: .regularExpression) {
            let written = before[match]
            return String(written[..<(written.firstIndex(of: ":") ?? written.endIndex)])
        }
        guard before.range(of: #"^\s*(-\s*)?[A-Za-z0-9_]*$"#, options: .regularExpression) != nil else { return nil }
        let indent = before.prefix { $0 == " " || $0 == "-" }.count
        var number = line - 1
        while number >= 1 {
            let text = lines.text(of: SourceSpan(file: path, start: SourcePosition(line: number, column: 1),
                                                 end: SourcePosition(line: number, column: 100_000)))
            let leading = text.prefix { $0 == " " || $0 == "-" }.count
            if !text.trimmingCharacters(in: .whitespaces).isEmpty, leading < indent,
               let match = text.range(of: #"^[\s-]*([A-Za-z_]+):\s*$"#, options: .regularExpression) {
                return text[match].trimmingCharacters(in: CharacterSet(charactersIn: " -:"))
            }
            if !text.trimmingCharacters(in: .whitespaces).isEmpty, leading < indent { return nil }
            number -= 1
        }
        return nil
    }
}
