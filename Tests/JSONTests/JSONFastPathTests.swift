import JSON
import Testing

/// What the parser's fast paths must keep, stated outright (`JSONParserEquivalenceTests`
/// compares them with the parser before them on many more inputs).
@Suite struct JSONFastPathTests {
    @Test("strings: ASCII, other scripts, escapes and surrogate pairs", arguments: [
        (#""plain""#, "plain"),
        (#""2026-01-01T08:00:00+08:00""#, "2026-01-01T08:00:00+08:00"),
        (#""a string longer than sixteen bytes, all ASCII""#, "a string longer than sixteen bytes, all ASCII"),
        (#""abcdefghé""#, "abcdefghé"),
        (#""中文的字符串比八个字节长""#, "中文的字符串比八个字节长"),
        (#""abcdefgh😀ijklmnop""#, "abcdefgh😀ijklmnop"),
        (#""abcdefgh\nijklmnop""#, "abcdefgh\nijklmnop"),
        (#""abcdefghijklmno\"p""#, "abcdefghijklmno\"p"),
        (#""caf\u00e9 \ud83d\ude00 \/ \\""#, "café 😀 / \\"),
        (#""\uD834\uDD1E clef""#, "𝄞 clef"),
        (#""~\u007f""#, "~\u{7F}"),
    ])
    func strings(json: String, text: String) throws {
        #expect(try JSONParser.parse(json) == .string(text))
    }

    /// Byte runs compared by words: every length up to three words, equal and differing at each
    /// byte (the last word overlaps the one before it).
    @Test func byteRunsCompareLikeArrays() {
        for count in 0...24 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            for changed in -1..<count {
                var other = bytes
                if changed >= 0 { other[changed] ^= 0x20 }
                let same = bytes.withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in JSONFlatObject.equal(a, b) } }
                #expect(same == (bytes == other), "count \(count), byte \(changed)")
            }
            let shorter = Array(bytes.dropLast())
            let unequal = bytes.withUnsafeBufferPointer { a in shorter.withUnsafeBufferPointer { b in JSONFlatObject.equal(a, b) } }
            #expect(unequal == (count == 0), "count \(count) against one byte fewer")
        }
    }

    @Test("invalid UTF-8 is refused with the string's position and path", arguments: [
        ([0x22, 0xFF, 0x22], 1, 2, "$"),
        (Array(#"{"key": "abcdefghijklmnop"#.utf8) + [0xC3] + Array(#""}"#.utf8), 1, 10, "key"),
        (Array("[1,\n \"abcdefghij".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8), 2, 3, "[1]"),
        (Array(#"[{"a": 1}, {"#.utf8) + [0x22, 0x61, 0xFF, 0x22] + Array(#": 2}]"#.utf8), 1, 14, "[1]"),
        (Array(#"{"k": "\n"#.utf8) + [0xE2, 0x82] + Array(#""}"#.utf8), 1, 8, "k"),
    ] as [([UInt8], Int, Int, String)])
    func invalidUTF8(bytes: [UInt8], line: Int, column: Int, path: String) {
        #expect(throws: JSONParseError(message: "invalid UTF-8 in a string", line: line, column: column, path: pathValue(path))) {
            try JSONParser.parse(bytes)
        }
    }

    @Test("a control character after eight plain bytes is found where it is")
    func controlCharacterAfterAWord() {
        let bytes = Array(#"{"k": "abcdefghij"#.utf8) + [0x01] + Array(#""}"#.utf8)
        #expect(throws: JSONParseError(message: "control character in a string; write it as an escape such as \\n",
                                       line: 1, column: 18, path: pathValue("k"))) {
            try JSONParser.parse(bytes)
        }
    }

    @Test("numbers: whole numbers read directly, others keep their text", arguments: [
        ("0", JSONValue.int(0)), ("-7", .int(-7)), ("123456789012345678", .int(123_456_789_012_345_678)),
        ("-999999999999999999", .int(-999_999_999_999_999_999)), ("9223372036854775807", .int(.max)),
        ("-9223372036854775808", .int(.min)), ("1.5", .double(1.5)),
        ("-0", .literal(JSONNumberLiteral(text: "-0", integer: 0, double: 0))),
        ("1E5", .literal(JSONNumberLiteral(text: "1E5", integer: nil, double: 100_000))),
        ("1.50", .literal(JSONNumberLiteral(text: "1.50", integer: nil, double: 1.5))),
    ])
    func numbers(text: String, value: JSONValue) throws {
        #expect(try JSONParser.parse(text) == value)
        #expect(JSONWriter.write(try JSONParser.parse("[\(text)]"), layout: .compact) == "[\(text)]")
    }

    /// Objects with the same keys hold one key array, so a million events hold their keys once.
    @Test func objectsWithTheSameKeysShareOneKeyArray() throws {
        let value = try JSONParser.parse(#"[{"type": "a", "at": "x", "m": 1}, {"type": "b", "at": "y"}, {"type": "c", "at": "z"}, {"type": "d", "at": "w", "m": 2}]"#)
        let objects = try #require(value.arrayValue).compactMap(\.objectValue)
        #expect(objects.map(\.keys) == [["type", "at", "m"], ["type", "at"], ["type", "at"], ["type", "at", "m"]])
        func storage(_ keys: [String]) -> UnsafeRawPointer? { keys.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        #expect(storage(objects[0].keys) == storage(objects[3].keys))
        #expect(storage(objects[1].keys) == storage(objects[2].keys))
    }

    @Test("a key written with an escape is the same key", arguments: [
        (#"[{"a": 1, "b": 2}, {"\u0061": 3, "b": 4}]"#, true),
        (#"[{"a": 1, "b": 2}, {"a": 3, "\u0061": 4}]"#, false),
    ])
    func escapedKeys(json: String, valid: Bool) {
        if valid {
            #expect(throws: Never.self) { try JSONParser.parse(json) }
        } else {
            #expect(throws: JSONParseError(message: #"duplicate key "a""#, line: 1, column: 29, path: pathValue("[1].a"))) {
                try JSONParser.parse(json)
            }
        }
    }
}
