import Diagnostics
import Testing
@testable import YAMLSource

/// YAML 1.2 core typing: one fixture per pitfall, then a wider table of plain scalars.
@Suite struct CoreSchemaTests {
    static let pitfalls: [(String, YAMLScalarValue)] = [
        ("norway.yaml", .string("no")),
        ("yes.yaml", .string("yes")),
        ("on.yaml", .string("on")),
        ("leading-zero.yaml", .int(17)),
        ("octal.yaml", .int(15)),
        ("hex.yaml", .int(31)),
        ("sexagesimal.yaml", .string("1:20")),
        ("capital-true.yaml", .bool(true)),
        ("quoted-true.yaml", .string("true")),
        ("tilde.yaml", .null),
        ("empty-value.yaml", .null),
        ("negative-inf.yaml", .double(-.infinity)),
        ("float.yaml", .double(1500)),
        ("tagged-str.yaml", .string("17")),
        ("tagged-float.yaml", .double(3)),
        ("local-tag.yaml", .string("17")),
        ("single-quoted-null.yaml", .string("null")),
        ("version-string.yaml", .string("1.2.3")),
    ]

    @Test(arguments: pitfalls)
    func pitfallFixtureIsTypedByCoreSchema(fixture: String, expected: YAMLScalarValue) throws {
        let result = FixtureFiles.load("typing/\(fixture)")
        // A local tag is an error at the tag (E114); the value is still read as the string it is.
        #expect(result.diagnostics.map(\.code) == (fixture == "local-tag.yaml" ? ["E114"] : []))
        let root = try #require(result.document?.root)
        let value = try #require(FixtureFiles.value("value", in: root))
        #expect(value.scalarValue == expected)
    }

    @Test func nanFixtureIsNaN() throws {
        let root = try #require(FixtureFiles.load("typing/nan.yaml").document?.root)
        guard case .double(let d)? = FixtureFiles.value("value", in: root)?.scalarValue else {
            Issue.record("`.nan` is not a double")
            return
        }
        #expect(d.isNaN)
    }

    @Test func localTagStaysOnTheNode() throws {
        let root = try #require(FixtureFiles.load("typing/local-tag.yaml").document?.root)
        #expect(FixtureFiles.value("value", in: root)?.tag == "!x")
    }

    static let plainScalars: [(String, YAMLScalarValue)] = [
        ("null", .null), ("Null", .null), ("NULL", .null), ("nULL", .string("nULL")),
        ("true", .bool(true)), ("TRUE", .bool(true)), ("False", .bool(false)), ("tRUE", .string("tRUE")),
        ("y", .string("y")), ("n", .string("n")), ("off", .string("off")), ("No", .string("No")),
        ("0", .int(0)), ("-17", .int(-17)), ("+17", .int(17)), ("007", .int(7)),
        ("0o777", .int(511)), ("0o8", .string("0o8")), ("0x", .string("0x")), ("0xff", .int(255)),
        ("-0x1F", .string("-0x1F")), ("9223372036854775807", .int(Int64.max)),
        ("-9223372036854775808", .int(Int64.min)), ("1_000", .string("1_000")),
        ("1.5", .double(1.5)), ("-.5", .double(-0.5)), ("1.", .double(1)), ("1e3", .double(1000)),
        ("2.5E-1", .double(0.25)), ("+.inf", .double(.infinity)), (".INF", .double(.infinity)),
        ("e3", .string("e3")), ("1e", .string("1e")), (".", .string(".")), ("1:20:30", .string("1:20:30")),
        ("2026-02-01", .string("2026-02-01")), ("0b101", .string("0b101")),
    ]

    @Test(arguments: plainScalars)
    func plainScalarIsTyped(text: String, expected: YAMLScalarValue) throws {
        let result = YAMLLoader.load(text: "value: \(text)\n", file: "t.yaml")
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.document?.root)
        #expect(FixtureFiles.value("value", in: root)?.scalarValue == expected)
    }

    @Test(arguments: ["'017'", "\"0o17\"", "'yes'", "\"~\"", "|\n  true\n"])
    func quotedAndBlockScalarsAreStrings(source: String) throws {
        let root = try #require(YAMLLoader.load(text: "value: \(source)\n", file: "t.yaml").document?.root)
        guard case .string? = FixtureFiles.value("value", in: root)?.scalarValue else {
            Issue.record("\(source) is not a string")
            return
        }
    }

    @Test(arguments: [("yes", true), ("No", true), ("OFF", true), ("y", true), ("n", true), ("on", true),
                      ("'yes'", false), ("!!str yes", false), ("true", false), ("none", false), ("nope", false)])
    func yaml11BooleansAreRecognisedForBetterMessages(source: String, expected: Bool) throws {
        let root = try #require(YAMLLoader.load(text: "value: \(source)\n", file: "t.yaml").document?.root)
        #expect(FixtureFiles.value("value", in: root)?.isYAML11Boolean == expected)
    }

    @Test func collectionsHaveNoScalarValue() throws {
        let root = try #require(YAMLLoader.load(text: "a: [1]\n", file: "t.yaml").document?.root)
        #expect(root.scalarValue == nil)
        #expect(FixtureFiles.value("a", in: root)?.scalarValue == nil)
    }
}
