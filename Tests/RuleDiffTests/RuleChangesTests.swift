import RuleDiff
import RulesTestSupport
import Testing

/// Rule changes of every kind docs/diff.md lists, compared on the typed rule model: a change of
/// layout, quoting, key order or spacing in an expression is no change.
@Suite struct RuleChangesTests {
    static let base = """
        schema: 1
        calendar: { timezone: event, day_starts: "04:00" }
        metrics:
          checkins: events.filter(e, e.type == "check_in").size()
        streaks:
          - id: daily
            title: Daily
            counts: event.type == "check_in"
            milestones:
              - { days: 3, id: daily_3, title: Three days, points: 5 }
        ranks:
          - { id: bronze, title: Bronze, min_points: 0 }
        achievements:
          - id: first
            title: First
            points: 5
            when: metrics.checkins >= 1

        """

    static let catalog = """
        schema: 1
        catalog:
          id: puzzle
          version: 1
          modules:
            - { id: m1, title: M1 }
          levels:
            - { id: l1, module: m1, title: L1 }

        """

    static let cases: [(name: String, from: String, to: String, expected: [String])] = [
        ("same rules, other layout", "points: 5\n    when: metrics.checkins >= 1", "when: 'metrics.checkins>=1'\n    points: 5", []),
        ("a threshold", "metrics.checkins >= 1", "metrics.checkins >= 2", ["changed achievement first when 14"]),
        ("points and title", "title: First\n    points: 5", "title: { en: First, fr: Premier }\n    points: 6",
         ["changed achievement first title,points 14"]),
        ("requires and repeatable", "points: 5\n", "points: 5\n    repeatable: true\n    requires: [daily_3]\n",
         ["changed achievement first requires,repeatable 14"]),
        ("available", "points: 5\n", "points: 5\n    available: { from: \"2026-01-01T00:00:00Z\" }\n",
         ["changed achievement first available 14"]),
        ("an award added", "checkins >= 1\n", "checkins >= 1\n  - { id: second, title: Second, when: metrics.checkins >= 2 }\n",
         ["added achievement second  18"]),
        ("an award removed", "achievements:\n  - id: first\n    title: First\n    points: 5\n    when: metrics.checkins >= 1\n",
         "achievements: []\n",
         ["removed achievement first  14"]),
        ("the calendar", "day_starts: \"04:00\"", "day_starts: \"05:00\", kill_time: \"23:00\"",
         ["changed calendar calendar day_starts,kill_time 2"]),
        ("a metric", "e.type == \"check_in\").size()", "e.type == \"check_in\" && !e.late).size()", ["changed metric checkins expression 4"]),
        ("a streak", "counts: event.type == \"check_in\"", "counts: event.type in [\"check_in\", \"task\"]",
         ["changed streak daily counts 6"]),
        ("a milestone", "days: 3, id: daily_3", "days: 4, id: daily_3", ["changed milestone daily_3 days 10"]),
        ("a rank", "{ id: bronze, title: Bronze, min_points: 0 }", "{ id: bronze, title: Bronze, min_points: 0 }\n  - { id: silver, title: Silver, min_points: 10 }",
         ["added rank silver  13"]),
        ("a catalog release", "version: 1", "version: 2", ["changed catalog puzzle version 3"]),
        ("a module", "{ id: m1, title: M1 }", "{ id: m1, title: Module one }", ["changed module m1 title 6"]),
        ("a level", "{ id: l1, module: m1, title: L1 }", "{ id: l1, module: m1, title: L1 }\n    - { id: l2, module: m1, title: L2, release: 2 }",
         ["added level l2  9"]),
    ]

    @Test(arguments: cases)
    func changesOfEveryKind(name: String, from: String, to: String, expected: [String]) throws {
        #expect(Self.base.contains(from) != Self.catalog.contains(from), "\(name)")
        let old = try RuleSetText.load(["rules.yaml": Self.base, "catalog.yaml": Self.catalog], in: "old")
        let new = try RuleSetText.load(["rules.yaml": Self.base.replacingOccurrences(of: from, with: to),
                                      "catalog.yaml": Self.catalog.replacingOccurrences(of: from, with: to)], in: "new")
        let changes = RuleChanges.between(old: old, new: new).map {
            "\($0.change.rawValue) \($0.kind.rawValue) \($0.id) \($0.keys.joined(separator: ",")) \($0.line)"
        }
        #expect(changes == expected, "\(name)")
    }

    @Test func aRemovedEntryIsPlacedInTheOldFile() throws {
        let old = try RuleSetText.load(["rules.yaml": Self.base, "catalog.yaml": Self.catalog], in: "old")
        let new = try RuleSetText.load(["rules.yaml": Self.base.replacingOccurrences(of: "ranks:\n  - { id: bronze, title: Bronze, min_points: 0 }\n", with: "ranks: []\n"),
                                      "catalog.yaml": Self.catalog.replacingOccurrences(of: "version: 1", with: "version: 2")], in: "new")
        let changes = RuleChanges.between(old: old, new: new)
        let removed = try #require(changes.first { $0.change == .removed })
        #expect(removed.kind == .rank && removed.file.hasSuffix("old/rules.yaml") && removed.line == 12)
        #expect(changes.first { $0.change == .changed }?.file.hasSuffix("new/catalog.yaml") == true)
    }

    @Test(arguments: [
        ("a >= 1", "a>=1"), ("a  &&\n b", "a && b"), ("size( x )", "size(x)"),
    ])
    func spacesOutsideStringsDoNotCount(a: String, b: String) {
        #expect(RuleFingerprint.expression(a) == RuleFingerprint.expression(b))
    }

    @Test(arguments: [
        ("e.type == \"a b\"", "e.type == \"a  b\""), ("a in b", "ainb"), ("x - 1", "x -1 2"),
    ])
    func spacesInsideStringsAndBetweenWordsCount(a: String, b: String) {
        #expect(RuleFingerprint.expression(a) != RuleFingerprint.expression(b))
    }
}
