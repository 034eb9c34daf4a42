import Diagnostics
import Foundation
import JSON

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
        let kind: RuleFileIndex.Kind
        switch key {
        case "requires", "unlocks", "unlocked", "locked", "progress", "unlocked_at": kind = .achievement
        case "streak", "streaks": kind = .streak
        case "category", "categories": kind = .category
        case "module": kind = .module
        case "catalog": kind = .catalog
        case "rank": kind = .rank
        case "metrics": kind = .metric
        case "on": return Self.reminderKinds.map { Self.item($0, .enumMember, "reminder kind") }
        default: return []
        }
        return index.ids(of: kind).map { Self.item($0.id, .constant, $0.kind.rawValue) }
    }

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
