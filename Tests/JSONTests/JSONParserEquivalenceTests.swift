import JSON
import Testing
import TestSupport

/// `JSONParser` reads strings, keys and numbers through fast paths (eight bytes at a time, keys
/// told by their bytes, whole numbers without text, error paths built on the way out). Whatever
/// the input, it must give what the parser before them gave (`ReferenceJSONParser`): the same
/// value, or the same error with the same message, line, column and path.
@Suite struct JSONParserEquivalenceTests {
    static func outcome(_ bytes: [UInt8]) -> Result<JSONValue, JSONParseError> {
        Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(bytes) }
    }

    static func referenceOutcome(_ bytes: [UInt8]) -> Result<JSONValue, JSONParseError> {
        Result { () throws(JSONParseError) -> JSONValue in try ReferenceJSONParser.parse(bytes) }
    }

    static func expectSame(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let fast = outcome(bytes)
        let reference = referenceOutcome(bytes)
        #expect(fast == reference, "input \(String(decoding: bytes, as: UTF8.self).debugDescription) \(bytes)",
                sourceLocation: sourceLocation)
    }

    /// Plain text around one odd part, at every offset across the eight-byte steps.
    static func strings(around part: [UInt8]) -> [[UInt8]] {
        let plain = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        return (0...19).flatMap { offset -> [[UInt8]] in
            let body = Array(plain.prefix(offset)) + part + Array(plain.prefix(19 - offset))
            let string = [UInt8(ascii: "\"")] + body + [UInt8(ascii: "\"")]
            return [
                string,
                Array(#"{"key": "#.utf8) + string + Array("}".utf8),
                Array("[1,\n ".utf8) + string + Array("]".utf8),
                Array("{".utf8) + string + Array(#": 1}"#.utf8),
                Array(#"[{"a": 1}, {"#.utf8) + string + Array(#": 2}]"#.utf8),
            ]
        }
    }

    @Test("strings with an odd part at every offset", arguments: [
        "", "é", "😀", "中文", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\ud83d\\ude00", "\\ud800", "\\udc00",
        "\\ud800\\u0041", "\\ud800x", "\\x", "\\u12", "\\u12G4", "\\uD83D\\uDE00", "\\é", "\u{7F}", "~",
    ])
    func oddPart(part: String) {
        for bytes in Self.strings(around: Array(part.utf8)) { Self.expectSame(bytes) }
    }

    @Test("raw bytes that are not valid UTF-8 or are control characters", arguments: [
        [0xFF], [0xC3], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80],
        [0x80], [0x00], [0x01], [0x0A], [0x1F], [0x5C, 0x01], [0x5C, 0xFF], [0x5C, 0x75, 0xFF],
    ] as [[UInt8]])
    func rawBytes(part: [UInt8]) {
        for bytes in Self.strings(around: part) { Self.expectSame(bytes) }
    }

    @Test("unterminated strings and escapes at the end of input", arguments: [
        #""abc"#, #""abcdefghijklmnop"#, #""abc\"#, #""abcdefghijklmnop\"#, #""\u12"#, #""\ud83d\u"#,
        #"{"abcdefghij"#, #"{"a": "abcdefghijklmnop\""#, #"["#, #"[tru"#, #"[nul"#, #"[fals"#, #"[true"#,
    ])
    func unterminated(text: String) {
        Self.expectSame(Array(text.utf8))
    }

    @Test("numbers keep their value and their text", arguments: [
        "0", "-0", "1", "-1", "7", "123456789012345678", "999999999999999999", "-999999999999999999",
        "1234567890123456789", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "12345678901234567890", "1.5", "1e2", "1E5", "-0.0", "0.1", "1.50", "1e-7",
        "2.5e+300", "1e400", "-1e400", "0.1000000000000000055511", "01", "-01", "-", "-a", "1.", "1e", "1e+",
        "00", "0e0", "-0e0", "0.0", "100000000000000000", "[1,-0,2]", "{\"n\": -0}",
    ])
    func numbers(text: String) {
        Self.expectSame(Array(text.utf8))
        Self.expectSame(Array("[\(text)]".utf8))
        Self.expectSame(Array("{\"n\": \(text), \"m\": 1}".utf8))
    }

    @Test("objects sharing, changing and repeating keys", arguments: [
        #"[{"type": "a", "at": "x", "m": 1}, {"type": "b", "at": "y"}, {"type": "c", "at": "z", "n": 2}, {"type": "d", "at": "w", "m": 3}]"#,
        #"[{"type": "b", "at": "y"}, {"type": "a", "at": "x", "m": 1}, {"type": "b", "at": "y"}]"#,
        #"[{"a": 1, "b": 2}, {"\u0061": 1, "b": 2}, {"a": 1, "\u0062": 2}]"#,
        #"[{"a": 1, "b": 2}, {"a": 1, "\u0061": 2}]"#,
        #"[{"a": 1, "b": 2}, {"a": 1, "b": 2, "a": 3}]"#,
        #"[{"a": 1, "b": 2}, {"b": 1, "a": 2, "b": 3}]"#,
        #"[{"a": 1, "b": 2, "c": 3}, {"a": 1, "b": 2, "d": 3}, {"a": 1, "b": 2, "c": 3, "c": 4}]"#,
        #"{"a": 1, "a": 2}"#,
        #"{"k1": 1, "k2": 2, "k3": 3, "k4": 4, "k5": 5, "k6": 6, "k7": 7, "k8": 8, "k9": 9, "k10": 10, "k3": 0}"#,
        #"[{"k1": 1, "k2": 2, "k3": 3, "k4": 4, "k5": 5, "k6": 6, "k7": 7, "k8": 8, "k9": 9}, {"k1": 1, "k2": 2, "k3": 3, "k4": 4, "k5": 5, "k6": 6, "k7": 7, "k8": 8, "k9": 9, "k2": 0}]"#,
        #"[{"a": 1}, {"b": 1}, {"c": 1}, {"d": 1}, {"e": 1}, {"a": 1}, {"a": 1, "b": 2}, {"a": 1}]"#,
        #"[{"é": 1, "ü": 2}, {"é": 3, "ü": 4}, {"é": 5, "\u00fc": 6}, {"é": 7, "ü": 8, "é": 9}]"#,
        #"[{"": 1}, {"": 2, "x": 3}, {"": 4, "": 5}]"#,
        #"{"a": {"a": {"a": 1}}, "b": [{"a": 1, "b": 2}, {"a": 1}]}"#,
    ])
    func objects(text: String) {
        Self.expectSame(Array(text.utf8))
    }

    @Test("errors deep inside name the whole path", arguments: [
        #"{"a": [{"b": [1, {"c": tru}]}]}"#, "{\"a\":\n [1,\n  {\"é\": [2, 3,]}]}", #"[[[[[[[[[[[[[[[[[[[[1,]]]]]]]]]]]]]]]]]]]"#,
        #"{"a": {"b": {"c": "x\u0001"}}}"#, #"{"a": 1, "b": [1, 2] x}"#, #"{"a" 1}"#, #"{"a": 1,}"#, #"{1: 2}"#,
        "[1] 2", "\u{FEFF}[1]", "\u{FEFF}", "", "   ", "\n\n  [\n1,\n2\n,\n]",
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
        String(repeating: "{\"k\":", count: 600) + "1" + String(repeating: "}", count: 600),
        String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
    ])
    func errors(text: String) {
        Self.expectSame(Array(text.utf8))
    }

    /// Random edits of a state line hit every error on the way; both parsers must agree on each.
    @Test("mutated documents", arguments: 0..<6)
    func mutations(seed: Int) {
        let document = Array(#"""
        {"schema": 1, "user": {"id": "u1", "timezone": "Asia/Shanghai"}, "now": "2026-01-12T08:00:00+08:00", "events": [
        {"type": "focus_session", "at": "2026-01-01T08:00:00+08:00", "minutes": 25},
        {"type": "task_completed", "at": "2026-01-01T10:24:00+08:00"},
        {"type": "task_created", "at": "2026-01-01T12:48:00+08:00", "note": "caf\u00e9 ☕ \ud83d\ude00 \"q\""},
        {"type": "level_completed", "at": "2026-01-06T10:00:00Z", "level": "l1", "time": 1.5e1, "moves": 3, "big": 12345678901234567890}
        ], "counters": {"c": [1, -0, 0.1, {"x": null, "y": true, "z": false}]}}
        """#.utf8)
        var random = SeededGenerator(seed: UInt64(seed) &+ 7)
        let alphabet = Array(#"{}[]":,0123456789.-+eEZT \#\#u\\ntruefalsenull"#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xE2, 0xED, 0xFF, 0x0A]
        for _ in 0..<400 {
            let bytes = mutated(document, alphabet: alphabet, random: &random)
            Self.expectSame(bytes)
        }
    }
}
