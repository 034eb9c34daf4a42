import RuleModel
import Testing
@testable import Facts

/// Level progress merged from `level_completed` events and the `levels` snapshot (docs/facts.md; docs/state-file.md).
struct LevelFactsTests {
    static let catalog = """
    schema: 1
    catalog:
      id: puzzle
      version: 1
      modules: [{ id: m, title: M }]
      levels:
        - { id: a, module: m, title: A, difficulties: [easy, hard] }
        - { id: b, module: m, title: B }
        - { id: c, module: m, title: C }
    """

    func timeline(_ events: [String], levels: String, now: String = "2026-01-10T00:00:00Z") throws -> FactTimeline {
        let state = try state(events, now: now, extra: #", "levels": \#(levels)"#)
        return try FactTimeline(state: state, rules: try ruleSet(Self.catalog), now: moment(now))
    }

    @Test func snapshotWithoutTimeCountsFromTheStart() throws {
        let timeline = try timeline([#"{"type": "x", "at": "2026-01-05T00:00:00Z"}"#],
                                    levels: #"{"b": {"best_time": 12.5, "difficulties": ["easy"]}}"#)
        let facts = timeline.facts(at: moment("2026-01-05T00:00:00Z"))
        #expect(facts.level("b") == LevelProgress(completed: true, bestTime: 12.5, difficulties: ["easy"]))
        #expect(evaluate("levels.b", in: facts) == #"{"completed": true, "best_time": 12.5, "difficulties": ["easy"]}"#)
    }

    @Test func snapshotCountsFromItsCompletionTime() throws {
        let timeline = try timeline([
            #"{"type": "x", "at": "2026-01-02T00:00:00Z"}"#,
            #"{"type": "x", "at": "2026-01-04T00:00:00Z"}"#,
        ], levels: #"{"c": {"completed_at": "2026-01-03T00:00:00Z", "best_moves": 9}}"#)
        var builder = FactBuilder(timeline: timeline)
        #expect(builder.facts(at: moment("2026-01-02T00:00:00Z")).level("c") == nil)
        #expect(evaluate("has(levels.c)", in: builder.facts(at: moment("2026-01-02T12:00:00Z"))) == "false")
        #expect(builder.facts(at: moment("2026-01-04T00:00:00Z")).level("c")?.bestMoves == 9)
    }

    @Test func earliestCompletionWinsAndBestsImprove() throws {
        let timeline = try timeline([
            #"{"type": "level_completed", "at": "2026-01-02T00:00:00Z", "level": "a", "difficulty": "hard", "time": 50, "moves": 30}"#,
            #"{"type": "level_completed", "at": "2026-01-06T00:00:00Z", "level": "a", "difficulty": "easy", "time": 70, "moves": 20}"#,
        ], levels: #"{"a": {"completed_at": "2026-01-04T00:00:00Z", "best_time": 40.0, "best_moves": 35, "difficulties": ["easy"]}}"#)
        let facts = timeline.facts(at: timeline.now)
        #expect(facts.level("a") == LevelProgress(completed: true, completedAt: moment("2026-01-02T00:00:00Z"),
                                                  bestTime: 40, bestMoves: 20, difficulties: ["hard", "easy"]))
        #expect(facts.moduleProgress(ModuleCriterion(catalog: "puzzle", module: "m", difficulty: "hard")) == ModuleProgress(done: 1, total: 3))
    }

    @Test func snapshotEarlierThanEventsWins() throws {
        let timeline = try timeline([
            #"{"type": "level_completed", "at": "2026-01-05T00:00:00Z", "level": "b"}"#,
        ], levels: #"{"b": {"completed_at": "2026-01-01T00:00:00Z"}}"#)
        #expect(timeline.facts(at: timeline.now).level("b")?.completedAt == moment("2026-01-01T00:00:00Z"))
    }

    @Test func uncompletedSnapshotLevelIsTouchedNotDone() throws {
        let timeline = try timeline([#"{"type": "x", "at": "2026-01-05T00:00:00Z"}"#],
                                    levels: #"{"b": {"completed": false, "best_time": 3}}"#)
        let facts = timeline.facts(at: timeline.now)
        #expect(facts.level("b") == LevelProgress(completed: false, bestTime: 3))
        #expect(facts.moduleProgress(ModuleCriterion(catalog: "puzzle", module: "m", difficulty: nil)) == ModuleProgress(done: 0, total: 3))
    }

    @Test func unknownLevelsAreWarnedAboutAndIgnored() throws {
        let timeline = try timeline([
            #"{"type": "level_completed", "at": "2026-01-05T00:00:00Z", "level": "zz"}"#,
        ], levels: #"{"yy": {}}"#)
        let facts = timeline.facts(at: timeline.now)
        #expect(facts.warnings.map(\.code) == [.unknownLevel, .unknownLevel])
        #expect(facts.warnings.map(\.event) == [0, nil])
        #expect(evaluate("levels.size()", in: facts) == "0")
    }
}
