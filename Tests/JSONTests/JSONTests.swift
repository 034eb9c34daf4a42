import JSON
import Testing

struct JSONTests {
    /// Numbers are written as read (`1e2`, `9223372036854775808`): see JSONNumberLiteralTests.
    @Test("round trip keeps order and numbers as written", arguments: [
        (#"{"b":1,"a":[true,false,null],"c":"x"}"#, #"{"b":1,"a":[true,false,null],"c":"x"}"#),
        (#"[1.5, 73.2, 0.1, -0.0, 1e2, 10, -7]"#, #"[1.5,73.2,0.1,-0.0,1e2,10,-7]"#),
        (#"{"s":"tab\there \"q\" \\ \/ é \u00e9 \ud83d\ude00"}"#, "{\"s\":\"tab\\there \\\"q\\\" \\\\ / é é 😀\"}"),
        (#"  "\u0001"  "#, #""\u0001""#),
        (#"{}"#, #"{}"#),
        (#"[[],{}]"#, #"[[],{}]"#),
        ("9223372036854775807", "9223372036854775807"),
        ("9223372036854775808", "9223372036854775808"),
    ])
    func roundTrip(input: String, output: String) throws {
        let value = try JSONParser.parse(input)
        #expect(JSONWriter.write(value, layout: .compact) == output)
        // Writing is a fixed point: what we write parses back to the same value.
        #expect(try JSONParser.parse(output) == value)
    }

    @Test func pretty() throws {
        let value = try JSONParser.parse(#"{"a":{"x":[1,2]},"b":[],"c":{}}"#)
        #expect(JSONWriter.write(value) == """
        {
          "a": {
            "x": [
              1,
              2
            ]
          },
          "b": [],
          "c": {}
        }
        """)
    }

    @Test("syntax errors name line, column and path", arguments: [
        ("{\"a\": [1, 2,]}", 1, 13, "a[2]", "unexpected ']'; expected a value"),
        ("{\n  \"events\": [\n    {\"at\": 01}\n  ]\n}", 3, 12, "events[0].at", "numbers cannot have leading zeros"),
        ("{\"a\": 1, \"a\": 2}", 1, 10, "a", "duplicate key \"a\""),
        ("{\"a\": tru}", 1, 7, "a", "unexpected 't'; expected a value"),
        ("{\"a\": \"x\ny\"}", 1, 9, "a", "control character in a string; write it as an escape such as \\n"),
        ("[1] 2", 1, 5, "$", "unexpected '2' after the end of the document"),
        ("{\"é\": x}", 1, 7, "[\"é\"]", "unexpected 'x'; expected a value"),
        ("", 1, 1, "$", "unexpected end of input; expected a value"),
        ("{\"a\" 1}", 1, 6, "$", "unexpected '1'; expected ':' after the key"),
        ("[NaN]", 1, 2, "[0]", "unexpected 'N'; expected a value"),
        ("[1.]", 1, 4, "[0]", "a digit must follow the decimal point"),
        ("[\"\\ud800\"]", 1, 3, "[0]", "unpaired surrogate \\uD800"),
        ("[\"\\x\"]", 1, 3, "[0]", "invalid escape '\\x'"),
    ])
    func syntaxErrors(input: String, line: Int, column: Int, path: String, message: String) {
        #expect(throws: JSONParseError(message: message, line: line, column: column, path: pathValue(path))) {
            try JSONParser.parse(input)
        }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func deepNestingIsRejectedNotCrashed() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
    }

    @Test("paths read like code", arguments: [
        (JSONPath([.key("events"), .index(17), .key("at")]), "events[17].at"),
        (JSONPath([.key("user"), .key("id")]), "user.id"),
        (JSONPath([.key("counters"), .key("a b")]), "counters[\"a b\"]"),
        (JSONPath.root, "$"),
        (JSONPath([.index(0)]), "[0]"),
    ] as [(JSONPath, String)])
    func paths(path: JSONPath, text: String) {
        #expect(path.description == text)
    }

    @Test func objectEditingKeepsOrder() {
        var object = JSONObject([("z", .int(1)), ("a", .int(2))])
        object["m"] = .int(3)
        object["z"] = .int(9)
        object["a"] = nil
        #expect(object.keys == ["z", "m"])
        #expect(object["z"] == .int(9))
    }

    @Test("whole numbers", arguments: [
        (JSONValue.int(3), Int64?.some(3)), (.double(3.0), 3), (.double(3.5), nil), (.double(1e300), nil), (.string("3"), nil),
    ])
    func wholeNumbers(value: JSONValue, whole: Int64?) {
        #expect(value.wholeNumberValue == whole)
    }
}

/// Builds a path from its printed form (test tables stay readable).
func pathValue(_ text: String) -> JSONPath {
    if text == "$" { return .root }
    if text == "[\"é\"]" { return JSONPath.root / "é" }
    var path = JSONPath.root
    for part in text.split(separator: ".") {
        var name = Substring(part)
        var indices: [Int] = []
        while let open = name.lastIndex(of: "[") {
            indices.insert(Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) ?? 0, at: 0)
            name = name[..<open]
        }
        if !name.isEmpty { path = path / String(name) }
        for index in indices { path = path / index }
    }
    return path
}

/// Numbers a double would change are kept as written, so `--write-state` writes them back exactly.
@Suite struct JSONNumberLiteralTests {
    @Test(arguments: [
        #"{"big":12345678901234567890,"dec":0.1000000000000000055511}"#,
        #"[1E5,-0,1.50,1e-7,0.1,25,-3,2.5e+300]"#,
    ])
    func numbersRoundTripByteExact(text: String) throws {
        let value = try JSONParser.parse(text)
        #expect(JSONWriter.write(value, layout: .compact) == text)
    }

    @Test func aLiteralReadsAsTheNumberItStandsFor() throws {
        let value = try JSONParser.parse(#"[12345678901234567890, 1E2, -0]"#)
        let numbers = try #require(value.arrayValue)
        #expect(numbers[0].numberValue == 12345678901234567890.0)
        #expect(numbers[0].wholeNumberValue == nil)
        #expect(numbers[1].wholeNumberValue == 100)
        #expect(numbers[2].resolved == .int(0))
    }
}
