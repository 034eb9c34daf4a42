import Diagnostics

/// Lines of YAML structure that a block scalar (`when: >-`, `when: |`) took into its text: an
/// item written below it one level too deep (`      - id: second` under `    when: >-`) is
/// indented deeper than the key, so it belongs to the block, and the expression fails on a
/// `:` or `#` of lines the author meant as the next entry.
package struct SwallowedItems: Sendable, Hashable {
    /// The first swallowed line: where it starts (the `-` or the key) and its text.
    package var start: SourcePosition
    package var text: String
    /// The ids written on swallowed lines (`- id: second`), in order: the entries the author
    /// meant to define.
    package var ids: [String]

    /// The swallowed lines of a block scalar whose text starts on the line after `indicator`,
    /// found in the file's lines; nil when no line of it looks like YAML structure. Only a line
    /// that starts with `- key:` or `key:` for a key of a rule entry counts: CEL has neither.
    init?(blockStartingAfter indicator: SourcePosition, endingAt end: SourcePosition, in document: YAMLDocument) {
        guard end.line > indicator.line else { return nil }
        var found: (SourcePosition, String)?
        var ids: [String] = []
        // The block's lines are those indented at least as its first line; the span may end on
        // the next key's line, which is not one of them.
        var contentIndent: Int?
        for number in (indicator.line + 1)...end.line {
            guard let line = document.line(number) else { continue }
            let indent = line.prefix { $0 == " " }.count
            guard indent < line.count else { continue }
            if contentIndent == nil { contentIndent = indent }
            guard indent >= contentIndent ?? 0, let key = Self.itemKey(line) else { continue }
            if found == nil {
                var written = Substring(line)
                if let comment = written.firstRange(of: " #") { written = written[..<comment.lowerBound] }
                found = (SourcePosition(line: number, column: indent + 1), String(written).trimmingSpaces)
            }
            if key.name == "id", !key.value.isEmpty { ids.append(key.value) }
        }
        guard let (start, text) = found else { return nil }
        self.start = start
        self.text = text
        self.ids = ids
    }

    /// Keys of rule entries: a line that starts with one of them (after `- `) is YAML. The rule
    /// model, which spells each kind's keys (`AchievementRuleKey`, …), is a layer this one does
    /// not reach; the agreement test holds every key here to an award's or a streak's keys.
    package static let entryKeys: Set = ["id", "title", "description", "when", "counts", "day", "category", "points",
                                 "requires", "progress", "milestones", "days", "repeatable", "icon", "hidden"]

    /// `- key: value` (any key) or `key: value` (a rule entry's key), with the value's text.
    private static func itemKey(_ line: String) -> (name: String, value: String)? {
        var rest = Substring(line).drop { $0 == " " }
        let item = rest.hasPrefix("- ")
        if item { rest = rest.dropFirst(2).drop { $0 == " " } }
        guard let colon = rest.firstIndex(of: ":") else { return nil }
        let name = rest[..<colon]
        let after = rest[rest.index(after: colon)...]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              after.isEmpty || after.first == " ", item || entryKeys.contains(String(name)) else { return nil }
        var value = after.drop { $0 == " " }
        if let comment = value.firstRange(of: " #") { value = value[..<comment.lowerBound] }
        return (String(name), String(value).trimmingSpaces)
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
