@testable import Evaluation
import Facts
import Foundation
import Output
import Rules
import RulesTestSupport
import Testing

/// `sum()`, `min()` and `max()` of a fold's list are kept per prefix (`CELListReduction`): the
/// replay's decision at every prefix of a history equals the naive evaluation's, with sums that
/// overflow, lists that are empty (an error for `max()`/`min()`, 0 for `sum()`), mixed whole and
/// fractional numbers, and elements that are not numbers.
@Suite struct FoldReductionTests {
    static let rules = """
        schema: 1
        calendar:
          timezone: UTC
        metrics:
          big: events.filter(e, e.type == "big").map(e, e.n).sum()
          big_max: events.filter(e, e.type == "big").map(e, e.n).max()
          small_min: events.filter(e, e.type == "small").map(e, e.n).min()
          mixed: events.filter(e, e.type == "mixed").map(e, e.n).sum()
        achievements:
          - id: big_sum
            title: Big sum
            points: 10
            when: metrics.big > 100
            progress: { current: metrics.big, target: 101 }
          - id: big_max
            title: Big max
            points: 10
            when: metrics.big_max > 70
          - id: small_min
            title: Small min
            points: 10
            when: metrics.small_min < 0
            progress: { current: metrics.small_min, target: 0 }
          - id: mixed_sum
            title: Mixed sum
            points: 10
            when: metrics.mixed > 3.0
            progress: { current: metrics.mixed, target: 3 }
          - id: none_yet
            title: Empty sum
            points: 10
            when: events.filter(e, e.type == "never").map(e, e.n).sum() == 0 && size(events) > 2

        """

    /// (type, n as JSON) in time order, one an hour.
    static let histories: [(String, [(String, String)])] = [
        ("sum overflows, then comes back under", [("big", "9223372036854775800"), ("big", "7"), ("big", "1"),
                                                  ("big", "-20"), ("small", "3"), ("big", "5")]),
        ("sum grows past the threshold", [("small", "4"), ("big", "60"), ("big", "30"), ("small", "-1"), ("big", "20")]),
        ("empty lists throughout", [("other", "1"), ("other", "2"), ("other", "3")]),
        ("mixed numbers", [("mixed", "1"), ("mixed", "1.5"), ("mixed", "1"), ("mixed", "-0.25")]),
        ("a string in the list", [("mixed", "2"), ("mixed", "\"x\""), ("mixed", "5"), ("small", "\"y\""), ("small", "-3")]),
        ("a missing field", [("big", "50"), ("big", "null"), ("big", "80")]),
    ]

    @Test(arguments: histories.indices)
    func everyPrefixMatchesTheNaiveReplay(history index: Int) throws {
        let (name, events) = Self.histories[index]
        let rules = try RuleSetText.load(Self.rules)
        let replay = Replay(rules: rules)
        let renderer = DecisionJSONRenderer()
        for count in 0...events.count {
            let listed = events.prefix(count).enumerated().map { hour, event in
                let n = event.1 == "null" ? "" : ", \"n\": \(event.1)"
                return "{\"type\": \"\(event.0)\", \"at\": \"2026-05-01T\(String(format: "%02d", hour)):00:00Z\"\(n)}"
            }
            let json = """
                {"schema": 1, "user": {"id": "u1"}, "now": "2026-05-01T23:00:00Z", "events": [\(listed.joined(separator: ", "))]}
                """
            let state = try StateFile.parse(json: json)
            let timeline = try FactTimeline(state: state, rules: rules, now: try #require(state.now))
            let fast = renderer.render(replay.run(StateFacts(timeline: timeline)).decision)
            let naive = renderer.render(NaiveReplay.run(rules: rules, timeline: timeline))
            #expect(fast == naive, "\(name), first \(count) events:\n--- fast\n\(fast)\n--- naive\n\(naive)")
        }
    }

    /// The rules do read the reductions as kept folds (else the test above compares nothing new).
    @Test func theReductionsAreFolded() throws {
        let rules = try RuleSetText.load(Self.rules)
        let reductions = Replay(rules: rules).folds.filter { if case .reduction = $0.shape { true } else { false } }
        #expect(reductions.count == 5)
    }
}
