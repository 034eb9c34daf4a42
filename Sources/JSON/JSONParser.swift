/// A strict RFC 8259 JSON parser: no comments, no trailing commas, no leading zeros, no NaN,
/// no control characters inside strings, valid UTF-8 only, and no duplicate keys (a state file
/// with two `"at"` in one event is ambiguous, so it is refused). Nesting is capped so hostile
/// input cannot exhaust the stack.
///
/// A batch evaluation reads a state line per user, so reading is kept cheap: the parser walks a
/// borrowed buffer (no bounds checks or retains per byte), builds a string without a second
/// validation pass when its bytes are plain ASCII, recognises repeated object keys by their
/// bytes (no string is built for them), reads whole numbers without going through text, and
/// names the path of an error only when there is one (each enclosing value adds its part as
/// the error passes through it).
package struct JSONParser {
    /// The deepest nesting accepted.
    package static let maximumDepth = 512

    /// The document, borrowed for the length of `parse`: the parser never outlives it.
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var line = 1
    var lineStart = 0
    /// The key lists of the last few distinct objects parsed, for sharing (see `parseObject`).
    private var recentKeys: [JSONKeyList] = []
    /// The top-level key whose array is handed out element by element (`parse(_:streaming:element:)`).
    private var streamedKey: String?
    /// Takes each streamed element with its index; `false` stops handing out the rest (they are
    /// still read, so a syntax error after them is still found).
    private var streamedElement: ((JSONStreamedElement, Int) -> Bool)?
    /// The flat object handed out last: its storage is reused for the next one.
    private var flat = JSONFlatObject()
    /// Whether the streamed key held an array (its elements went to `streamedElement`).
    private var streamed = false

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses one JSON document (surrounding whitespace allowed, a UTF-8 byte order mark skipped).
    package static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) -> JSONValue in
            var parser = JSONParser(bytes: buffer)
            return try parser.parseDocument()
        }
    }

    /// Parses one JSON document, except that when its top level is an object whose `key` holds
    /// an array, each element of that array goes to `element` as soon as it is read (with its
    /// index) and the document keeps an empty array there. A state file's events are so decoded
    /// one at a time: the tree of a million events is never held, nor walked a second time.
    ///
    /// An element that is a plain object (`JSONFlatObject`) comes as `.flat`, read straight from
    /// the bytes; any other as `.value`, and one that is not valid JSON as this parse's error.
    /// Returns the document and whether the elements went to `element`.
    package static func parse(_ bytes: [UInt8], streaming key: String,
                              element: (JSONStreamedElement, Int) -> Bool) throws(JSONParseError) -> (document: JSONValue, streamed: Bool) {
        try withoutActuallyEscaping(element) { element throws(JSONParseError) -> (document: JSONValue, streamed: Bool) in
            try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) -> (document: JSONValue, streamed: Bool) in
                var parser = JSONParser(bytes: buffer)
                parser.streamedKey = key
                parser.streamedElement = element
                let document = try parser.parseDocument()
                return (document, parser.streamed)
            }
        }
    }

    /// Parses one JSON document from text.
    package static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
            lineStart = 3
        }
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if position < bytes.count {
            throw error("unexpected \(describeCurrent()) after the end of the document")
        }
        return value
    }

    // MARK: values

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of input; expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string(scanString()))
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(JSONObject())
        }
        // Events of one kind repeat their keys: while the keys follow those of a recent object
        // (`shared`), each key is told by its bytes, none is stored and the object takes that
        // list's array; `keys` is built only when they part.
        var shared: JSONKeyList?
        var keys: [String] = []
        var values: [JSONValue] = []
        var seen: Set<String>?
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error(position < bytes.count
                    ? "unexpected \(describeCurrent()); expected a key in double quotes"
                    : "unexpected end of input; expected a key")
            }
            let keyStart = position
            let raw = try scanString()
            let key = try objectKey(raw, at: values.count, shared: &shared, keys: &keys)
            if values.count == 0, let shared { values.reserveCapacity(shared.keys.count) }
            // A key that follows `shared` (whose keys are unique) repeats none before it.
            if shared == nil {
                guard !Self.repeats(key, in: keys, seen: &seen) else {
                    // Strings hold no raw newlines, so the key starts on the current line.
                    throw JSONParseError(message: "duplicate key \(JSONWriter.quoted(key))", line: line,
                                         column: column(of: keyStart), path: JSONPath([.key(key)]))
                }
                keys.append(key)
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipWhitespace()
            do throws(JSONParseError) {
                if depth == 1, let streamedKey, key == streamedKey, position < bytes.count, bytes[position] == UInt8(ascii: "[") {
                    values.append(try parseStreamedArray(depth: depth + 1))
                } else {
                    values.append(try parseValue(depth: depth))
                }
            } catch {
                throw error.inside(.key(key))
            }
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input; expected ',' or '}'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(objectEnding(shared: shared, keys: keys, values: values))
            }
            throw error("unexpected \(describeCurrent()); expected ',' or '}'")
        }
    }

    /// The key at position `count` of an object: told by its bytes while the keys follow a recent
    /// object's list (`shared`, none stored), made a string otherwise; `keys` is built from
    /// `shared` when the two part.
    private mutating func objectKey(_ raw: RawString, at count: Int, shared: inout JSONKeyList?,
                                    keys: inout [String]) throws(JSONParseError) -> String {
        if count == 0 {
            if !raw.escaped, let recent = recentKeys.first(where: { $0.key(0, is: raw.bytes) }) {
                shared = recent
                return recent.keys[0]
            }
            let key = try string(raw)
            // Bytes without escapes matched no list above; an escaped key may still.
            if raw.escaped { shared = recentKeys.first(where: { $0.keys[0] == key }) }
            return key
        }
        guard let candidate = shared else { return try string(raw) }
        if count < candidate.keys.count, !raw.escaped, candidate.key(count, is: raw.bytes) {
            return candidate.keys[count]
        }
        if !raw.escaped, let other = recentKeys.first(where: { $0.follows(candidate, upTo: count, then: raw.bytes) }) {
            // Another recent list with the same first keys goes on with this one.
            shared = other
            return other.keys[count]
        }
        let key = try string(raw)
        if count >= candidate.keys.count || candidate.keys[count] != key {
            keys = Array(candidate.keys[..<count])
            shared = nil
        }
        return key
    }

    /// Whether `key` is among `keys` (a set, `seen`, once there are eight: objects are small, and a
    /// linear look beats hashing every key).
    private static func repeats(_ key: String, in keys: [String], seen: inout Set<String>?) -> Bool {
        if var unique = seen {
            let repeated = !unique.insert(key).inserted
            seen = unique
            return repeated
        }
        if keys.count >= 8 { seen = Set(keys + [key]) }
        return keys.contains(key)
    }

    /// The parsed object, its keys shared with an equal recent object's when there is one.
    private mutating func objectEnding(shared: JSONKeyList?, keys: [String], values: [JSONValue]) -> JSONObject {
        if let shared {
            if shared.keys.count == values.count { return JSONObject(sharedKeys: shared.keys, values: values) }
            // The first keys of a longer list (`{type, at}` after `{type, at, minutes}`).
            if let recent = recentKeys.first(where: { $0.keys.count == values.count && $0.follows(shared, upTo: values.count) }) {
                return JSONObject(sharedKeys: recent.keys, values: values)
            }
        }
        let keys = shared.map { Array($0.keys[..<values.count]) } ?? keys
        if let recent = recentKeys.first(where: { $0.keys == keys }) { return JSONObject(sharedKeys: recent.keys, values: values) }
        if recentKeys.count == 4 { recentKeys.removeFirst() }
        recentKeys.append(JSONKeyList(keys))
        return JSONObject(sharedKeys: keys, values: values)
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        var elements: [JSONValue] = []
        try parseElements(depth: depth) { parser, _ throws(JSONParseError) in elements.append(try parser.parseValue(depth: depth)) }
        return .array(elements)
    }

    /// The streamed array: its elements go to `streamedElement`, none is kept. A plain object
    /// goes as a `JSONFlatObject`; anything else (or an object that turns out not to be plain)
    /// is parsed as usual, which also gives its syntax errors their usual messages.
    private mutating func parseStreamedArray(depth: Int) throws(JSONParseError) -> JSONValue {
        streamed = true
        var handing = streamedElement != nil
        try parseElements(depth: depth) { parser, index throws(JSONParseError) in
            if handing, let element = parser.streamedElement, parser.readFlatObject() {
                handing = element(.flat(parser.flat), index)
                return
            }
            let value = try parser.parseValue(depth: depth)
            if handing, let element = parser.streamedElement { handing = element(.value(value), index) }
        }
        return .array([])
    }

    /// Reads a plain object at `position` into `flat`, or leaves everything as it was and
    /// returns `false` (not an object, not plain, or not valid: `parseValue` then reads it).
    private mutating func readFlatObject() -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else { return false }
        let start = (position, line, lineStart)
        func giveUp(_ parser: inout JSONParser) -> Bool {
            (parser.position, parser.line, parser.lineStart) = start
            return false
        }
        // One by one: `removeAll(keepingCapacity:)` goes through a generic `replaceSubrange`,
        // costly next to removing an event's three or four members.
        while !flat.members.isEmpty { flat.members.removeLast() }
        position += 1
        skipWhitespace()
        guard position < bytes.count, bytes[position] != UInt8(ascii: "}") else { return giveUp(&self) }
        while true {
            guard flat.members.count < JSONFlatObject.maximumMembers, position < bytes.count,
                  bytes[position] == UInt8(ascii: "\""), let key = try? scanString(), !key.escaped, key.ascii,
                  !flat.members.contains(where: { JSONFlatObject.equal($0.key, key.bytes) }) else { return giveUp(&self) }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return giveUp(&self) }
            position += 1
            skipWhitespace()
            guard position < bytes.count else { return giveUp(&self) }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                guard let raw = try? scanString(), !raw.escaped else { return giveUp(&self) }
                if raw.ascii {
                    flat.members.append(JSONFlatObject.Member(key: key.bytes, string: raw.bytes, scalar: .null))
                } else {
                    // Made (and validated) now: other text is not taken as it is.
                    guard let text = String(validating: raw.bytes, as: UTF8.self) else { return giveUp(&self) }
                    flat.members.append(JSONFlatObject.Member(key: key.bytes, string: nil, scalar: .string(text)))
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let number = try? parseNumber() else { return giveUp(&self) }
                flat.members.append(JSONFlatObject.Member(key: key.bytes, string: nil, scalar: number))
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                guard let word = try? parseValue(depth: 0) else { return giveUp(&self) }
                flat.members.append(JSONFlatObject.Member(key: key.bytes, string: nil, scalar: word))
            default:
                return giveUp(&self)
            }
            skipWhitespace()
            guard position < bytes.count else { return giveUp(&self) }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
                continue
            }
            guard bytes[position] == UInt8(ascii: "}") else { return giveUp(&self) }
            position += 1
            return true
        }
    }

    /// Reads the array at `position`, calling `take` for each element with its index; `take`
    /// reads the element.
    private mutating func parseElements(depth: Int, _ take: (inout JSONParser, Int) throws(JSONParseError) -> Void) throws(JSONParseError) {
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        position += 1
        var count = 0
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            do throws(JSONParseError) {
                try take(&self, count)
                count += 1
            } catch {
                throw error.inside(.index(count))
            }
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input; expected ',' or ']'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return
            }
            throw error("unexpected \(describeCurrent()); expected ',' or ']'")
        }
    }

    // MARK: lexical helpers

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    @inline(__always)
    mutating func skipWhitespace() {
        // Most calls find no whitespace at all.
        guard position < bytes.count, bytes[position] <= UInt8(ascii: " ") else { return }
        var index = position
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                position = index
                return
            }
        }
        position = index
    }

    @inline(__always)
    mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(JSONParseError) {
        guard position < bytes.count, bytes[position] == byte else {
            throw error(position < bytes.count ? "unexpected \(describeCurrent()); expected \(what())"
                                               : "unexpected end of input; expected \(what())")
        }
        position += 1
    }

    mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
        let length = word.utf8CodeUnitCount
        let matches = bytes.count - position >= length && word.withUTF8Buffer { expected in
            (0..<length).allSatisfy { bytes[position + $0] == expected[$0] }
        }
        guard matches else { throw error("unexpected \(describeCurrent()); expected a value") }
        position += length
    }

    func describeCurrent() -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// Column in Unicode scalars: UTF-8 continuation bytes do not start a new column.
    func column(of offset: Int) -> Int {
        var column = 1
        var index = lineStart
        while index < offset, index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column
    }

    /// An error at `offset` (the current position by default), its path relative to the value
    /// being parsed: the values around it add theirs (`inside`).
    func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(message: message, line: line, column: column(of: offset ?? position), path: .root)
    }
}

private extension JSONParseError {
    /// The error as seen from the array or object holding the value it is in (`component`).
    func inside(_ component: JSONPath.Component) -> JSONParseError {
        var error = self
        error.path.components.insert(component, at: 0)
        return error
    }
}
