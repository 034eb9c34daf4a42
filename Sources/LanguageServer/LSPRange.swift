import JSON

/// A protocol position: 0-based line and character in UTF-16 code units.
package struct LSPPosition: Sendable, Hashable, Comparable {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init?(_ json: JSONValue?) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue else { return nil }
        self.init(line: line, character: character)
    }

    var json: JSONValue { .record(("line", .int(Int64(line))), ("character", .int(Int64(character)))) }

    package static func < (a: LSPPosition, b: LSPPosition) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

/// A protocol range: `start` inclusive, `end` exclusive.
package struct LSPRange: Sendable, Hashable {
    package var start: LSPPosition
    package var end: LSPPosition

    package init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    init?(_ json: JSONValue?) {
        guard let start = LSPPosition(json?["start"]), let end = LSPPosition(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    var json: JSONValue { .record(("start", start.json), ("end", end.json)) }

    package func contains(_ position: LSPPosition) -> Bool { start <= position && position <= end }
}
