import Foundation
import RulesTestSupport
import Testing
@testable import Rules

/// The lints W430–W434 (docs/diagnostics.md): each case is a list of achievements under the same
/// metrics, with the codes `validate` must give, in report order (none: what it must not catch).
@Suite struct RuleLintTests {
    static let metrics = """
        schema: 1
        metrics:
          tasks: events.filter(e, e.type == "task_completed").size()
          minutes: events.filter(e, e.type == "focus").map(e, int(e.minutes)).sum()
          goal: 600
        streaks:
          - { id: daily, title: Daily, counts: event.type == "task_completed", milestones: [{ days: 3, id: three, title: Three, repeatable: true }] }
        achievements:

        """

    static func codes(_ achievements: String) throws -> [String] {
        let files: [String: String] = ["a.yaml": metrics + achievements]
        return RuleSetText.result(files).diagnostics.map(\.code)
    }

    @Test(arguments: [
        // W430: the same value for every state.
        ("- { id: a, title: A, when: metrics.tasks >= 0 }", ["W430"]),
        ("- { id: a, title: A, when: 'size(events) < 0' }", ["W430"]),
        ("- { id: a, title: A, when: metrics.goal >= 100 }", ["W430"]),
        ("- { id: a, title: A, when: 'metrics.tasks >= 3 || 1 > 0' }", ["W430"]),
        ("- { id: a, title: A, when: 'today.events.size() != -1' }", ["W430"]),
        ("- { id: a, title: A, when: 'streaks.daily.current >= 0' }", ["W430"]),
        ("- { id: a, title: A, when: 'today.count[\"task_completed\"] < 0' }", ["W430"]),
        ("- { id: a, title: A, when: 'days.exists(d, d.expired_count >= 0)' }", ["W430"]),
        // W431: requires one that can never unlock.
        ("- { id: a, title: A, when: 'false' }\n- { id: b, title: B, when: metrics.tasks >= 1, requires: [a] }", ["W431"]),
        // W432: a repeatable count of events.
        ("- { id: a, title: A, repeatable: true, when: metrics.tasks >= 5 }", ["W432"]),
        // W433: a target off the threshold.
        ("- { id: a, title: A, when: metrics.minutes >= 600, progress: { current: metrics.minutes, target: 60 } }", ["W433"]),
        ("- { id: a, title: A, when: metrics.minutes > 599, progress: { current: metrics.minutes, target: 599 } }", ["W433"]),
        // W434: the same criterion twice.
        ("- { id: a, title: A, when: metrics.tasks >= 5 }\n- { id: b, title: B, when: '(metrics.tasks>=5)' }", ["W434"]),
        // Each is reported once, against the first written alike, in file order.
        ("- { id: a, title: A, when: metrics.tasks >= 5 }\n- { id: b, title: B, when: metrics.tasks >= 6 }\n"
         + "- { id: c, title: C, when: metrics.tasks >= 5 }\n- { id: d, title: D, when: metrics.tasks >= 6 }\n"
         + "- { id: e, title: E, when: metrics.tasks >= 5, requires: [d] }\n- { id: f, title: F, when: metrics.tasks >= 5 }",
         ["W434", "W434", "W434"]),
    ])
    func catches(achievements: String, expected: [String]) throws {
        #expect(try Self.codes(achievements) == expected)
    }

    /// A lint on part of a condition points at that part in the file, in a plain, a quoted and a
    /// block scalar (the positions kept for the lints after the drafts are released).
    @Test(arguments: [
        ("when: metrics.tasks >= 3 && size(events) < 0", 0, 31),
        ("when: 'metrics.tasks >= 3 && size(events) < 0'", 0, 32),
        ("when: |\n      metrics.tasks >= 3 &&\n      size(events) < 0", 2, 7),
    ])
    func lintPointsInsideTheCondition(when: String, lineOffset: Int, column: Int) throws {
        let achievements = "- id: a\n  title: A\n  " + when
        let files: [String: String] = ["a.yaml": Self.metrics + achievements]
        let found = RuleSetText.result(files).diagnostics
        let span = try #require(found.first { $0.code == "W430" }?.span, "\(found)")
        let whenLine = Self.metrics.split(separator: "\n", omittingEmptySubsequences: false).count + 2
        #expect(span.start.line == whenLine + lineOffset)
        #expect(span.start.column == column)
        #expect(span.end.column - span.start.column == "size(events) < 0".count)
    }

    @Test func sameCriterionNamesTheFirstAwardWrittenAlike() throws {
        let achievements = """
            - { id: a, title: A, when: metrics.tasks >= 5 }
            - { id: b, title: B, when: metrics.tasks >= 6 }
            - { id: c, title: C, when: 'metrics.tasks>=5' }
            - { id: d, title: D, when: metrics.tasks >= 6 }
            - { id: e, title: E, when: metrics.tasks >= 5, requires: [d] }
            - { id: f, title: F, when: (metrics.tasks >= 5) }
            """
        let files: [String: String] = ["a.yaml": Self.metrics + achievements]
        let messages = RuleSetText.result(files).diagnostics.map(\.message)
        #expect(messages.map { $0.prefix(40) } == [
            "'c' has the same criterion as 'a': they ", "'d' has the same criterion as 'b': they ",
            "'f' has the same criterion as 'a': they ",
        ])
    }

    @Test(arguments: [
        "- { id: a, title: A, when: 'true' }",
        "- { id: a, title: A, when: 'streaks.daily.current >= 1' }",
        "- { id: a, title: A, when: 'today.count[\"task_completed\"] > 0' }",
        "- { id: a, title: A, when: 'false' }",
        "- { id: a, title: A, when: metrics.tasks >= 1 }",
        "- { id: a, title: A, when: 'metrics.tasks * 60 >= metrics.goal' }",
        "- { id: a, title: A, when: 'metrics.minutes - 10 >= 0' }",
        "- { id: a, title: A, repeatable: true, when: 'today.events.size() >= 3' }",
        "- { id: a, title: A, repeatable: true, when: 'streaks.daily.current >= 7' }",
        "- { id: a, title: A, repeatable: true, when: 'events.filter(e, e.at > now - duration(\"24h\")).size() >= 2' }",
        "- { id: a, title: A, when: metrics.minutes >= 600, progress: { current: metrics.minutes / 60, target: 10 } }",
        "- { id: a, title: A, when: metrics.minutes > 599, progress: { current: metrics.minutes, target: 600 } }",
        "- { id: a, title: A, when: metrics.tasks >= 5 }\n- { id: b, title: B, when: metrics.tasks >= 5, requires: [a] }",
        "- { id: a, title: A, when: metrics.tasks >= 5 }\n- { id: b, title: B, when: metrics.tasks >= 5, available: { from: 2026-01-01T00:00:00Z } }",
        "- { id: a, title: A, when: metrics.tasks >= 1, requires: [three] }",
    ])
    func doesNotCatch(achievements: String) throws {
        #expect(try Self.codes(achievements) == [])
    }

    @Test func lintsAreWarningsThatALoadingRuleSetKeeps() throws {
        let folder = try TemporaryRuleFolder(["a.yaml": Self.metrics + "- { id: a, title: A, when: metrics.tasks >= 0 }"])
        defer { folder.remove() }
        let result = RuleSetLoader.load(paths: [folder.path], baseline: nil)
        #expect(result.ruleSet != nil)
        #expect(result.warningCount == 1 && result.errorCount == 0)
        // `eval` reads the rules without their tests and without the lints.
        #expect(RuleSetLoader.load(paths: [folder.path], baseline: nil, readsTests: false).diagnostics.isEmpty)
    }

    @Test func aRuleSetWithErrorsIsNotLinted() throws {
        let files: [String: String] = ["a.yaml": Self.metrics + "- { id: a, title: A, when: metrics.tasks >= 0, points: lots }"]
        #expect(RuleSetText.result(files).diagnostics.map(\.code) == ["E207"])
    }

    /// The products' rule sets raise no lint (docs/warnings.md).
    @Test(arguments: [["rules/taskmate"], ["rules/puzzle", "catalogs/puzzle"], ["rules/weekyii"], ["rules/lifer"], ["rules/skinlab"]])
    func productsRaiseNone(paths: [String]) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let result = RuleSetLoader.load(paths: paths.map { root.appendingPathComponent($0).path }, baseline: nil)
        #expect(result.diagnostics.map(\.code) == [])
    }
}
