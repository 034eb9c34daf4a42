import Testing
@testable import CEL

/// Value semantics that the conformance suite covers thinly or not at all.
@Suite struct RuntimeValueTests {
    static let overflowCases: [(String, Expected)] = [
        ("9223372036854775807 + 1", .error(.overflow)),
        ("-9223372036854775808 - 1", .error(.overflow)),
        ("-(-9223372036854775807 - 1)", .error(.overflow)),
        ("4611686018427387904 * 2", .error(.overflow)),
        ("(-9223372036854775807 - 1) / -1", .error(.overflow)),
        ("(-9223372036854775807 - 1) % -1", .error(.overflow)),
        ("18446744073709551615u + 1u", .error(.overflow)),
        ("0u - 1u", .error(.overflow)),
        ("1 / 0", .error(.divideByZero)),
        ("1u % 0u", .error(.divideByZero)),
        ("int(9223372036854775807.0)", .error(.range)),
        ("uint(-1)", .error(.range)),
        ("int(18446744073709551615u)", .error(.range)),
        ("9223372036854775806 + 1", .value(.int(.max))),
        ("1.0 / 0.0", .value(.double(.infinity))),
    ]

    @Test(arguments: overflowCases)
    func integerOverflowIsAnError(source: String, expected: Expected) {
        let result = evaluateChecked(source)
        #expect(expected.matches(result), "\(source) gave \(result), expected \(expected)")
    }

    static let equalityCases: [(String, Bool)] = [
        ("dyn(1) == 1.0", true),
        ("dyn(1u) == 1", true),
        ("dyn(1) < 1.5", true),
        ("dyn(2u) > -1", true),
        ("dyn(0.0/0.0) == dyn(0.0/0.0)", false),
        ("[1, 2.0] == [1.0, dyn(2u)]", true),
        ("{1: 'a'}[dyn(1u)] == 'a'", true),
        ("{1: 'a'}[dyn(1.0)] == 'a'", true),
        ("dyn({'a': 1}) == {'a': 1.0}", true),
        ("'\u{e9}' == 'e\u{301}'", false),
        ("'\u{e9}' > 'f'", true),
        ("b'\\xff' > b'a'", true),
        ("1 in [1.0, 2]", true),
        ("dyn(1u) in {1: true}", true),
    ]

    @Test(arguments: equalityCases)
    func heterogeneousEqualityAndOrdering(source: String, expected: Bool) {
        let result = evaluateChecked(source)
        #expect(result.sameValue(.bool(expected)), "\(source) gave \(result)")
    }

    @Test func duplicateMapKeysAreAnError() {
        #expect(evaluateUnchecked("{'a': 1, 'a': 2}").isError)
        #expect(evaluateUnchecked("{1: 1, dyn(1u): 2}").isError)
        #expect(!evaluateUnchecked("{1: 1, 2: 2}").isError)
    }

    @Test func mapsIterateInInsertionOrder() {
        let result = evaluateChecked("{'z': 1, 'a': 2, 'm': 3}.map(k, k)")
        #expect(result.sameValue(.list(CELList([.string("z"), .string("a"), .string("m")]))))
    }

    @Test func errorsAreAbsorbedByDecidingOperands() {
        #expect(evaluateChecked("1 / 0 == 1 || true").sameValue(.bool(true)))
        #expect(evaluateChecked("true || 1 / 0 == 1").sameValue(.bool(true)))
        #expect(evaluateChecked("1 / 0 == 1 && false").sameValue(.bool(false)))
        #expect(evaluateChecked("1 / 0 == 1 && true").error?.kind == .divideByZero)
        #expect(evaluateChecked("false ? 1 / 0 : 2").sameValue(.int(2)))
    }

    static let timestampCases: [(String, Expected)] = [
        ("timestamp('2026-01-05T23:10:00+08:00').getHours()", .value(.int(15))),
        ("timestamp('2026-01-05T23:10:00+08:00').getHours('Asia/Shanghai')", .value(.int(23))),
        ("timestamp('2026-01-05T23:10:00+08:00').getDayOfWeek('+08:00')", .value(.int(1))),
        // New York: EST (UTC-5) in January, EDT (UTC-4) in July.
        ("timestamp('2026-01-15T12:00:00Z').getHours('America/New_York')", .value(.int(7))),
        ("timestamp('2026-07-15T12:00:00Z').getHours('America/New_York')", .value(.int(8))),
        ("timestamp('2024-12-31T12:00:00Z').getDayOfYear()", .value(.int(365))),
        ("timestamp('2026-03-01T00:00:00Z').getMonth()", .value(.int(2))),
        ("timestamp('2026-03-01T00:00:00Z').getDayOfMonth()", .value(.int(0))),
        ("timestamp('2026-03-01T00:00:00Z').getDate()", .value(.int(1))),
        ("timestamp('2026-01-05T10:00:00Z').getHours('Mars/Olympus')", .error(.invalidArgument)),
        ("timestamp('2026-01-05T10:00:00Z') + duration('1h2m3.5s') == timestamp('2026-01-05T11:02:03.5Z')",
         .value(.bool(true))),
        ("duration('-1.5h') == duration('-90m')", .value(.bool(true))),
        ("string(duration('1h2m3.5s'))", .value(.string("3723.5s"))),
        ("duration('1d')", .error(.range)),
        ("string(timestamp('2026-01-05T23:10:00.120+08:00'))", .value(.string("2026-01-05T15:10:00.12Z"))),
        ("timestamp('2026-01-05T23:10:00')", .error(.invalidArgument)),
    ]

    @Test(arguments: timestampCases)
    func timestampsAndDurations(source: String, expected: Expected) {
        let result = evaluateChecked(source)
        #expect(expected.matches(result), "\(source) gave \(result), expected \(expected)")
    }

    @Test func rfc3339KeepsTheWrittenOffset() throws {
        let parsed = try #require(CELTimestamp.parseRFC3339("2026-01-05T23:10:00.5+08:00"))
        #expect(parsed.offsetSeconds == 8 * 3600)
        #expect(parsed.timestamp.seconds == 1_767_625_800)
        #expect(parsed.timestamp.nanos == 500_000_000)
        #expect(parsed.timestamp.rfc3339(offsetSeconds: parsed.offsetSeconds) == "2026-01-05T23:10:00.5+08:00")
        #expect(parsed.timestamp.rfc3339(offsetSeconds: 0) == "2026-01-05T15:10:00.5Z")
        #expect(parsed.timestamp.rfc3339(offsetSeconds: 0, useZ: false) == "2026-01-05T15:10:00.5+00:00")
        #expect(CELTimestamp.parseRFC3339("2026-02-30T00:00:00Z") == nil)
        #expect(CELTimestamp.parseRFC3339("2026-01-05 23:10:00") == nil)
    }

    static let stringCases: [(String, Expected)] = [
        ("'héllo'.size()", .value(.int(5))),
        ("'héllo'.contains('él')", .value(.bool(true))),
        ("'e\u{301}'.startsWith('\u{e9}')", .value(.bool(false))),
        ("'focus_session'.endsWith('session')", .value(.bool(true))),
        ("'abc123'.matches('^[a-z]+[0-9]+$')", .value(.bool(true))),
        ("'abc'.matches('b')", .value(.bool(true))),
        ("'abc'.matches(dyn('('))", .error(.invalidArgument)),
        ("string(1.0e21)", .value(.string("1e+21"))),
        ("string(0.0001)", .value(.string("0.0001"))),
        ("string(100.0)", .value(.string("100"))),
    ]

    @Test(arguments: stringCases)
    func stringFunctions(source: String, expected: Expected) {
        let result = evaluateChecked(source)
        #expect(expected.matches(result), "\(source) gave \(result), expected \(expected)")
    }
}

@Suite struct RuntimeDescriptionTests {
    static let cases: [(String, String)] = [
        ("[1, 2u, 2.0, 'a\"b', b'\\x00a', null, true]", "[1, 2u, 2.0, \"a\\\"b\", b\"\\x00a\", null, true]"),
        ("{'z': 1, 'a': [0.5]}", "{\"z\": 1, \"a\": [0.5]}"),
        ("timestamp('2026-01-05T23:10:00+08:00')", "timestamp(\"2026-01-05T15:10:00Z\")"),
        ("duration('90m')", "duration(\"5400s\")"),
        ("type(1)", "int"),
    ]

    @Test(arguments: cases)
    func valuesPrintAsCELLiterals(source: String, expected: String) {
        #expect(evaluateUnchecked(source).description == expected)
    }
}

/// Operators over variables, where the planner picks the overload the checker resolved.
@Suite struct RuntimeResolvedOverloadTests {
    static let variables: [String: (CELType, CELValue)] = [
        "i": (.int, .int(.max)), "j": (.int, .int(2)), "d": (.double, .double(1.5)), "e": (.double, .double(0)),
        "s": (.string, .string("a")), "t": (.string, .string("b")), "x": (.dyn, .uint(3)),
    ]

    static let cases: [(String, Expected)] = [
        ("i + j", .error(.overflow)),
        ("i - j", .value(.int(.max - 2))),
        ("j * j", .value(.int(4))),
        ("-i - j", .error(.overflow)),
        ("j < i && j <= j && i > j && i >= i", .value(.bool(true))),
        ("d / e", .value(.double(.infinity))),
        ("d * d - d + d", .value(.double(2.25))),
        ("d < e || d <= e || e > d || e >= d", .value(.bool(false))),
        ("s + t", .value(.string("ab"))),
        ("s < t && t > s", .value(.bool(true))),
        ("x + 1u", .value(.uint(4))),
        ("x < j", .value(.bool(false))),
    ]

    @Test(arguments: cases)
    func operatorsOnVariables(source: String, expected: Expected) {
        let result = evaluateChecked(source, variables: Self.variables)
        #expect(expected.matches(result), "\(source) gave \(result), expected \(expected)")
    }
}

@Suite struct RuntimeDurationTests {
    static let cases: [(String, CELDuration?)] = [
        ("1h2m3.5s", CELDuration(seconds: 3723, nanos: 500_000_000)),
        ("1.000000001s", CELDuration(seconds: 1, nanos: 1)),
        ("0.1h", CELDuration(seconds: 360)),
        ("-1.5m", CELDuration(seconds: -90)),
        ("300ms", CELDuration(seconds: 0, nanos: 300_000_000)),
        ("2us5ns", CELDuration(seconds: 0, nanos: 2_005)),
        ("0", CELDuration(seconds: 0)),
        ("+7s", CELDuration(seconds: 7)),
        ("1", nil),
        ("1x", nil),
        ("h", nil),
        (".s", nil),
        ("", nil),
        ("9999999999999999999s", nil),
        ("2562048h", nil),
    ]

    @Test(arguments: cases)
    func parsesGoStyleDurations(text: String, expected: CELDuration?) {
        #expect(CELDuration.parse(text) == expected, "\(text)")
    }
}
