import Testing
@testable import Facts
import TestSupport

/// Bad input never crashes: mutated state files either load or come back as a `StateFileError`,
/// and whatever loads can be turned into facts.
struct HostileInputTests {
    static let document = Array(#"""
    {"schema": 1, "user": {"id": "u", "timezone": "Asia/Shanghai"}, "now": "2026-01-08T00:00:00+08:00",
     "events": [
      {"type": "day_planned", "at": "2026-01-05T08:00:00+08:00", "date": "2026-01-05", "tasks": 2},
      {"type": "task_completed", "at": "2026-01-05T09:00:00+08:00"},
      {"type": "kill_time_changed", "at": "2026-01-05T10:00:00+08:00", "to": "21:00"},
      {"type": "freeze_used", "at": "2026-01-07T08:00:00+08:00", "streak": "s"},
      {"type": "level_completed", "at": "2026-01-06T10:00:00Z", "level": "l1", "time": 1.5e1, "moves": 3}
     ],
     "levels": {"l1": {"completed_at": "2026-01-01T00:00:00Z", "difficulties": ["easy"]}},
     "counters": {"c": [1, {"x": null}]}, "unlocked": [{"id": "a", "at": "2026-01-02T00:00:00Z"}]}
    """#.utf8)

    @Test("mutated state files never crash", arguments: 0..<8)
    func mutations(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &+ 99)
        let rules = try ruleSet("""
            schema: 1
            calendar: { timezone: user, kill_time: "20:00" }
            streaks:
              - { id: s, title: S, counts: event.type == "task_completed", freezes: { max: 1, refill_days: 3, mode: manual } }
            """)
        let alphabet = Array(#"{}[]":,0123456789.-+eEZT \#\#u\\ntruefalsenull"#.utf8) + [0x00, 0xC3, 0xFF, 0x0A]
        var loaded = 0
        for _ in 0..<250 {
            let bytes = mutated(Self.document, alphabet: alphabet, random: &random)
            do {
                let state = try StateFile.parse(json: bytes, file: "fuzz.json")
                let now = state.now ?? moment("2026-01-08T00:00:00Z")
                let timeline = try FactTimeline(state: state, rules: rules, now: now)
                _ = timeline.facts(at: now).warnings
                loaded += 1
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
        // Some mutations land in places that do not matter (whitespace, strings).
        #expect(loaded > 0)
    }
}
