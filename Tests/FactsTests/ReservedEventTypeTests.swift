import RuleModel
import Testing
@testable import Facts

/// The reserved event types are one list (`EventPlan.reserved`); the state decoder types each.
@Suite struct ReservedEventTypeTests {
    /// `kind` skips its comparisons for types whose length no reserved type has: each reserved
    /// type of the one list (`EventPlan.reserved`) must still be typed (or refused for a missing
    /// attribute), never `.other`, so a type added to that list without a case fails here.
    @Test("reserved event types are typed", arguments: EventPlan.reservedTypeNames)
    func reservedTypes(type: String) {
        let text = #"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "\#(type)", "at": "2026-01-05T09:00:00Z"}]}"#
        do {
            let state = try StateFile.parse(json: text)
            #expect(state.events.first?.kind != .other)
        } catch {
            #expect(error.message.contains("needs"))
        }
    }
}
