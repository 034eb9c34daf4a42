import CEL
import JSON
import Testing
@testable import Facts

/// JSON as the facts read it: a number literal's CEL value.
@Suite struct JSONValueCELTests {
    @Test func aWholeNumberLiteralIsACELInt() throws {
        let value = try JSONParser.parse(#"[12345678901234567890, 1E2, -0]"#)
        let numbers = try #require(value.arrayValue)
        guard case .int(100) = numbers[1].celValue else { Issue.record("1E2 is the int 100 in CEL"); return }
    }
}

/// A state nested 600 levels deep is refused with a path that stays one readable line.
@Suite struct DeepPathTests {
    @Test func nesting600DeepNamesAnElidedPath() throws {
        let text = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: StateFileError.self) { try StateFile.parse(json: text, file: "deep.json") }
        do {
            _ = try StateFile.parse(json: text, file: "deep.json")
        } catch {
            #expect(error.message == "nesting deeper than 512 levels")
            #expect(error.description == "deep.json:1:513: [0][0][0][0][0][0][0][0]…(496 more)…[0][0][0][0][0][0][0][0]: nesting deeper than 512 levels")
        }
    }
}
