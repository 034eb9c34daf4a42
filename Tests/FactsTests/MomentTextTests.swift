import Testing
@testable import Facts

/// A moment's RFC 3339 text, as a string (`description`) and appended in place
/// (`appendDescription`, the decision renderer's): the same bytes, offset and fraction kept.
@Suite struct MomentTextTests {
    @Test(arguments: [
        ("2026-01-05T23:10:00+08:00", "2026-01-05T23:10:00+08:00"),
        ("2026-01-05T23:10:00Z", "2026-01-05T23:10:00Z"),
        ("2026-01-05t23:10:00.120z", "2026-01-05T23:10:00.12Z"),
        ("0001-01-01T00:00:00-09:30", "0001-01-01T00:00:00-09:30"),
        ("9999-12-31T23:59:59.000000001+14:00", "9999-12-31T23:59:59.000000001+14:00"),
        ("1969-12-31T23:59:59.5-00:01", "1969-12-31T23:59:59.5-00:01"),
    ])
    func appendedTextIsTheDescription(text: String, expected: String) throws {
        let parsed = try Moment.parse(text).get()
        #expect(parsed.description == expected)
        var bytes: [UInt8] = Array("x".utf8)
        parsed.appendDescription(to: &bytes)
        #expect(bytes == Array(("x" + expected).utf8))
    }
}
