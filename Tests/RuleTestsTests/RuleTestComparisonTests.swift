import CEL
import Diagnostics
import Evaluation
import Facts
import JSON
import Output
import RuleTests
import Rules
import Testing

/// docs/guide.md, "4. Rule tests": a rule test checks exactly what it lists, and says what differed.
@Suite struct RuleTestComparisonTests {
    static let at = Moment(instant: CELTimestamp(seconds: 1_772_409_600), offsetSeconds: 28_800)

    /// A decision with two unlocks, one locked achievement, one streak, points and a rank.
    static let decision = Decision(
        user: "u1", now: at,
        unlocks: [UnlockDecision(id: "first", at: at, points: 50, cause: UnlockCause(checkpoint: .event, events: [0])),
                  UnlockDecision(id: "task", at: at, points: 25, cause: UnlockCause(checkpoint: .event, events: [1]))],
        achievements: [
            AwardStanding(id: "first", state: .unlocked, unlockedAt: at, progress: .init(current: .int(1), target: .int(1)), hidden: false),
            AwardStanding(id: "task", state: .unlocked, unlockedAt: at, progress: .init(current: .int(1), target: .int(1)), hidden: false),
            AwardStanding(id: "stored", state: .unlocked, unlockedAt: at, progress: .init(current: .int(3), target: .int(3)),
                          hidden: false, isStored: true),
            AwardStanding(id: "hours", state: .locked, unlockedAt: nil, progress: .init(current: .double(0.75), target: .int(10)), hidden: false),
        ],
        streaks: [StreakStanding(id: "daily", current: 1, longest: 4, totalDays: 6, status: "active", freezesAvailable: 1,
                                 lastDay: "2026-03-02")],
        points: 75, rank: RankStanding(id: "novice", title: "新手", next: nil),
        warnings: [EvaluationWarning(code: "future_event", message: "later", event: 3)])

    @Test func aDecisionThatMeetsEveryExpectationHasNoMismatch() {
        let expect = RuleTestCase.Expectation(
            unlocks: ["task", "first"], unlocked: ["first", "stored"], locked: ["hours"],
            progress: ["hours": .init(current: 0.75, target: 10), "stored": .init(current: 3, target: nil)],
            streaks: ["daily": .init(ints: ["current": 1, "longest": 4, "total_days": 6, "freezes_available": 1],
                                     strings: ["status": "active", "last_day": "2026-03-02"])],
            points: 75, rank: "novice", warnings: ["future_event"])
        #expect(RuleTestComparison.mismatches(expect, Self.decision) == [])
    }

    /// An evaluation warning that means the rules went wrong fails a test that does not list it;
    /// listing it in `warnings` accepts it; other warnings never fail a test by themselves.
    @Test(arguments: ["rule_error", "cost_limit"])
    func unexpectedRuleErrorFails(code: String) {
        var decision = Self.decision
        decision.warnings.append(EvaluationWarning(code: code, message: "no such key: x", event: nil))
        let span = SourceSpan(file: "t.yaml", start: .init(line: 4, column: 5), end: .init(line: 4, column: 9))
        let found = RuleTestComparison.mismatches(RuleTestCase.Expectation(points: 75, spans: ["points": span]), decision)
        #expect(found == [RuleTestMismatch(subject: "warnings", expected: "no rule_error or cost_limit",
                                           actual: "\(code): no such key: x")])
        #expect(RuleTestComparison.mismatches(.init(warnings: ["future_event", code]), decision) == [])
        #expect(RuleTestComparison.mismatches(.init(points: 80, spans: ["points": span]), Self.decision).map(\.span) == [span])
    }

    /// `metrics` compares a shown metric's value (numbers by value, lists and maps whole);
    /// `categories` the exact awards of a category.
    @Test func shownMetricsAndCategories() {
        var decision = Self.decision
        decision.metrics = [ShownMetric(id: "tasks", value: .int(3)),
                            ShownMetric(id: "weeks", value: .array([.object(JSONObject([("week", .string("2026-W03")),
                                                                                         ("done", .double(2.0))]))]))]
        decision.achievements[0].category = "focus"
        decision.achievements[3].category = "focus"
        var expect = RuleTestCase.Expectation()
        expect.metrics = ["tasks": .double(3.0), "weeks": .list(CELList([.map(CELMap(strings: [("week", .string("2026-W03")),
                                                                                                ("done", .int(2))]))]))]
        expect.categories = ["focus": ["hours", "first"], "general": ["task", "stored"]]
        #expect(RuleTestComparison.mismatches(expect, decision) == [])

        expect.metrics = ["tasks": .int(4), "weeks": .list(CELList([])), "hidden": .int(1)]
        expect.categories = ["focus": ["first"]]
        #expect(RuleTestComparison.mismatches(expect, decision) == [
            RuleTestMismatch(subject: "metrics.hidden", expected: "1", actual: "no metric 'hidden' with 'show: true'"),
            RuleTestMismatch(subject: "metrics.tasks", expected: "4", actual: "3"),
            RuleTestMismatch(subject: "metrics.weeks", expected: "[]", actual: #"[{"week":"2026-W03","done":2.0}]"#),
            RuleTestMismatch(subject: "categories.focus", expected: "[first]", actual: "[first, hours] (unexpected: hours)"),
        ])
        // Inside a list of records, the first field that differs is named.
        expect.metrics = ["weeks": .list(CELList([.map(CELMap(strings: [("week", .string("2026-W03")), ("done", .int(3))]))]))]
        expect.categories = [:]
        #expect(RuleTestComparison.mismatches(expect, decision) == [
            RuleTestMismatch(subject: "metrics.weeks[0].done", expected: "3", actual: "2.0"),
        ])
    }

    @Test func nothingListedNothingChecked() {
        #expect(RuleTestComparison.mismatches(RuleTestCase.Expectation(), Self.decision) == [])
    }

    @Test func unlocksMustBeExactlyTheNewOnes() {
        let expect = RuleTestCase.Expectation(unlocks: ["first", "stored"])
        #expect(RuleTestComparison.mismatches(expect, Self.decision) == [
            RuleTestMismatch(subject: "unlocks", expected: "[first, stored]",
                             actual: "[first, task] (missing: stored; unexpected: task)"),
        ])
    }

    @Test(arguments: [
        (RuleTestCase.Expectation(locked: ["first"]), RuleTestMismatch(subject: "locked.first", expected: "locked", actual: "unlocked")),
        (RuleTestCase.Expectation(unlocked: ["hours"]), RuleTestMismatch(subject: "unlocked.hours", expected: "unlocked", actual: "locked")),
        (RuleTestCase.Expectation(locked: ["nope"]), RuleTestMismatch(subject: "locked.nope", expected: "locked", actual: "no 'nope' in the rules")),
        (RuleTestCase.Expectation(progress: ["hours": .init(current: 1, target: nil)]),
         RuleTestMismatch(subject: "progress.hours.current", expected: "1", actual: "0.75")),
        (RuleTestCase.Expectation(progress: ["hours": .init(current: nil, target: 12)]),
         RuleTestMismatch(subject: "progress.hours.target", expected: "12", actual: "10")),
        (RuleTestCase.Expectation(streaks: ["daily": .init(ints: ["longest": 5])]),
         RuleTestMismatch(subject: "streaks.daily.longest", expected: "5", actual: "4")),
        (RuleTestCase.Expectation(streaks: ["daily": .init(strings: ["status": "at_risk"])]),
         RuleTestMismatch(subject: "streaks.daily.status", expected: "at_risk", actual: "active")),
        (RuleTestCase.Expectation(streaks: ["daily": .init(strings: ["last_day": nil])]),
         RuleTestMismatch(subject: "streaks.daily.last_day", expected: "null", actual: "2026-03-02")),
        (RuleTestCase.Expectation(streaks: ["weekly": .init(ints: ["current": 1])]),
         RuleTestMismatch(subject: "streaks.weekly", expected: "a streak", actual: "no streak 'weekly' in the rules")),
        (RuleTestCase.Expectation(points: 70), RuleTestMismatch(subject: "points", expected: "70", actual: "75")),
        (RuleTestCase.Expectation(rank: "adept"), RuleTestMismatch(subject: "rank", expected: "adept", actual: "novice")),
        (RuleTestCase.Expectation(warnings: []), RuleTestMismatch(subject: "warnings", expected: "[]", actual: "[future_event]")),
    ])
    func eachDifferenceIsReportedWithExpectedAndActual(expect: RuleTestCase.Expectation, mismatch: RuleTestMismatch) {
        #expect(RuleTestComparison.mismatches(expect, Self.decision) == [mismatch])
    }

    @Test func anIntExpectationMatchesADoubleOfTheSameValue() {
        var decision = Self.decision
        decision.achievements[3].progress = AwardProgress(current: .double(6.0), target: .int(10))
        let expect = RuleTestCase.Expectation(progress: ["hours": .init(current: 6, target: 10)])
        #expect(RuleTestComparison.mismatches(expect, decision) == [])
    }
}

/// A rule test fails on a rule error it does not list in `warnings`.
@Suite struct RuleTestRuleErrorTests {
    static let decision: Decision = {
        var decision = RuleTestComparisonTests.decision
        decision.warnings.append(EvaluationWarning(code: "rule_error", id: "vip", message: "'vip': its condition fails"))
        return decision
    }()

    @Test func anUnexpectedRuleErrorFailsTheTest() {
        let found = RuleTestComparison.mismatches(.init(points: Self.decision.points), Self.decision)
        #expect(found.map(\.subject) == ["warnings"])
        #expect(found.first?.actual.contains("rule_error: 'vip'") == true)
    }

    @Test func aListedRuleErrorPasses() {
        let listed = Set(Self.decision.warnings.map(\.code)).sorted()
        #expect(RuleTestComparison.mismatches(.init(warnings: listed), Self.decision).isEmpty)
    }

    /// A failure lists the ids in the order the tests file writes them: the written ones first,
    /// the others after, in their own order.
    @Test func idsInTheOrderWritten() {
        let span = { (line: Int) in SourceSpan(file: "t.yaml", start: .init(line: line, column: 5), end: .init(line: line, column: 9)) }
        let expect = RuleTestCase.Expectation(
            unlocks: ["task", "other", "first"],
            progress: ["zeta": .init(current: 1, target: nil), "alpha": .init(current: 1, target: nil)],
            warnings: ["stale_state", "future_event"],
            spans: ["progress.zeta": span(7), "progress.alpha": span(8)])
        let found = RuleTestComparison.mismatches(expect, Self.decision)
        #expect(found.first { $0.subject == "unlocks" }?.actual == "[task, first] (missing: other)")
        #expect(found.filter { $0.subject.hasPrefix("progress.") }.map(\.subject) == ["progress.zeta", "progress.alpha"])
        let warnings = found.first { $0.subject == "warnings" }
        #expect(warnings?.expected == "[stale_state, future_event]")
        #expect(warnings?.actual == "[future_event, rule_error]")
        #expect(RuleTestComparison.inWrittenOrder(["c", "a", "b", "a"], as: ["a", "b"]) == ["a", "a", "b", "c"])
    }
}
