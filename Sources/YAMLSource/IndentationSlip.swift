/// A key that YAML could not place because it starts at a column where no mapping or list above
/// it does: usually one or two spaces short of its siblings (`   when:` under `    title:`).
/// Found from the lines above the key: each line less indented than every line after it opens
/// a level, at its own column and, for a list item (`- id:`), at its key's column too.
struct IndentationSlip {
    /// A level open above the key: its column (1-based), the key written there and its line.
    struct Level {
        var column: Int
        var key: String
        var line: Int
    }

    /// The slipped key's column, and the nearest levels around it.
    var column: Int
    var key: String
    var levels: [Level]

    /// How far a key may be from a level to be taken as a slip of it.
    static let reach = 2

    /// The slip of the key that starts `line` (line `number`), or nil when the key starts at a
    /// level's column, or at none within reach. `above` holds the lines before it, in order.
    init?(line: String, number: Int, above: [String?]) {
        let indent = line.prefix { $0 == " " }.count
        let column = indent + 1
        guard let key = Self.key(line.dropFirst(indent)) else { return nil }
        var levels: [Level] = []
        var least = Int.max
        for (offset, text) in above.enumerated().reversed() {
            guard let text, let start = Self.content(text) else { continue }
            // Right under `key:` without a value, any deeper column opens the key's value.
            if least == Int.max, start < column, Self.opensBlock(text) { return nil }
            guard start < least else { continue }
            least = start
            let lineNumber = number - above.count + offset
            var rest = text.dropFirst(start - 1), at = start
            while rest.hasPrefix("- ") {
                levels.append(Level(column: at, key: "-", line: lineNumber))
                let spaces = rest.dropFirst(1).prefix { $0 == " " }.count
                rest = rest.dropFirst(1 + spaces)
                at += 1 + spaces
            }
            if let written = Self.key(rest) { levels.append(Level(column: at, key: written, line: lineNumber)) }
            if start == 1 { break }
        }
        guard !levels.contains(where: { $0.column == column }) else { return nil }
        let near = levels.filter { abs($0.column - column) <= Self.reach && $0.key != "-" }
        guard !near.isEmpty else { return nil }
        self.column = column
        self.key = key
        // The deeper level first: the line above is the likelier sibling.
        self.levels = near.sorted { $0.column > $1.column }.reduce(into: []) { kept, level in
            if !kept.contains(where: { $0.column == level.column }) { kept.append(level) }
        }
    }

    /// "`when` is indented 1 space less than `title` on line 4: start it at column 5 …".
    var hint: String {
        guard let first = levels.first else { return "" }
        let difference = abs(first.column - column)
        let direction = first.column > column ? "less" : "more"
        var text = "`\(key)` is indented \(difference) space\(difference == 1 ? "" : "s") \(direction) than `\(first.key)` on line \(first.line): "
            + "start it at column \(first.column), like the keys beside it"
        if levels.count > 1 {
            text += ", or at column \(levels[1].column) if it belongs with `\(levels[1].key)` on line \(levels[1].line)"
        }
        return text
    }

    /// Whether a line ends in `key:` (or `- key:`, `-`) with nothing after it but a comment: the
    /// lines after it may start deeper.
    private static func opensBlock(_ line: String) -> Bool {
        var text = Substring(line)
        if let comment = text.firstRange(of: " #") { text = text[..<comment.lowerBound] }
        let trimmed = text.reversed().drop { $0 == " " }
        return trimmed.first == ":" || trimmed.first == "-" || trimmed.first == "|" || trimmed.first == ">"
    }

    /// The 1-based column of a line's first character that is not a space, unless the line is
    /// blank or a comment.
    private static func content(_ line: String) -> Int? {
        let indent = line.prefix { $0 == " " }.count
        let rest = line.dropFirst(indent)
        guard let first = rest.first, first != "#" else { return nil }
        return indent + 1
    }

    /// The key of `key: value` or `key:` at the start of `text`, if it starts with one.
    private static func key(_ text: Substring) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let key = text[..<colon]
        let after = text[colon...].dropFirst()
        guard !key.isEmpty, after.isEmpty || after.first == " ",
              key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return nil }
        return String(key)
    }
}
