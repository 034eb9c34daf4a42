import RuleModel
import Testing
@testable import Facts

/// The numbers of the public acceptance cases, reproduced by the facts alone.
struct AcceptanceFactsTests {
    /// The first checkpoint at which `current` of `streak` reaches `days`, as an RFC 3339 text.
    func firstReaching(_ days: Int, streak: String, _ timeline: FactTimeline) -> String? {
        var builder = FactBuilder(timeline: timeline)
        for moment in checkpoints(timeline) {
            if let state = builder.facts(at: moment).streak(streak), state.current >= days { return moment.description }
        }
        return nil
    }

    @Test func a01TravellerDaysFollowTheTraveller() throws {
        let (rules, state) = try fixture("a01_traveller")
        let now = try #require(state.now)
        let timeline = try FactTimeline(state: state, rules: rules, now: now)
        #expect(timeline.events.map(\.day.description) == ["2026-03-01", "2026-03-02", "2026-03-02", "2026-03-03"])
        let facts = timeline.facts(at: now)
        #expect(facts.today.description == "2026-03-04")
        #expect(facts.streak("daily") == StreakState(current: 3, longest: 3, totalDays: 3, status: .atRisk,
                                                     freezesAvailable: 0, lastDay: day("2026-03-03")))
        #expect(firstReaching(3, streak: "daily", timeline) == "2026-03-03T21:00:00-05:00")
        #expect(firstReaching(4, streak: "daily", timeline) == nil)
        #expect(evaluate("days.map(d, d.date)", in: facts) == #"["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"]"#)
        #expect(evaluate("days.map(d, d.events.size())", in: facts) == "[1, 2, 1, 0]")
    }

    @Test func a02ManualFreezeCoversOneDayPerWindow() throws {
        let (rules, state) = try fixture("a02_freeze_manual")
        let now = try #require(state.now)
        let timeline = try FactTimeline(state: state, rules: rules, now: now)
        let facts = timeline.facts(at: now)
        #expect(facts.streak("checkin") == StreakState(current: 1, longest: 5, totalDays: 6, status: .active,
                                                       freezesAvailable: 0, lastDay: day("2026-05-08")))
        #expect(facts.warnings.map(\.code) == [.freezeUnavailable])
        #expect(facts.warnings.first?.event == 6)
        #expect(firstReaching(5, streak: "checkin", timeline) == "2026-05-06T10:00:00Z")
        #expect(firstReaching(6, streak: "checkin", timeline) == nil)

        // 05-04 is missed when it ends, and covered again by the freeze sent on 05-05.
        var builder = FactBuilder(timeline: timeline)
        let broken = builder.facts(at: moment("2026-05-05T00:00:00Z")).streak("checkin")
        #expect(broken?.current == 0)
        #expect(broken?.status == .broken)
        let covered = builder.facts(at: moment("2026-05-05T08:00:00Z")).streak("checkin")
        #expect(covered == StreakState(current: 3, longest: 3, totalDays: 3, status: .atRisk, freezesAvailable: 0,
                                       lastDay: day("2026-05-03")))
    }

    @Test func a03ModulesAndLevels() throws {
        let (rules, state) = try fixture("a03_modules")
        let now = try #require(state.now)
        let timeline = try FactTimeline(state: state, rules: rules, now: now)
        var builder = FactBuilder(timeline: timeline)
        let nianhua = { (facts: FactSnapshot) in facts.moduleProgress(ModuleCriterion(catalog: "puzzle", module: "nianhua", difficulty: nil)) }
        let lianpuHard = { (facts: FactSnapshot) in facts.moduleProgress(ModuleCriterion(catalog: "puzzle", module: "lianpu", difficulty: "hard")) }

        let second = builder.facts(at: moment("2026-01-02T10:00:00Z"))
        #expect(nianhua(second) == ModuleProgress(done: 2, total: 3))
        #expect(evaluate("levels.filter(k, levels[k].completed).size()", in: second) == "2")
        let third = builder.facts(at: moment("2026-01-03T10:00:00Z"))
        #expect(nianhua(third).isComplete)
        #expect(evaluate("levels.filter(k, levels[k].completed).size() >= 3", in: third) == "true")
        #expect(lianpuHard(third) == ModuleProgress(done: 0, total: 2))
        let sixth = builder.facts(at: moment("2026-01-06T11:00:00Z"))
        #expect(lianpuHard(sixth) == ModuleProgress(done: 1, total: 2))
        let final = builder.facts(at: now)
        #expect(lianpuHard(final).isComplete)
        #expect(final.moduleProgress(ModuleCriterion(catalog: "puzzle", module: "dunhuang", difficulty: nil)) == ModuleProgress(done: 0, total: 0))
        #expect(final.warnings.map(\.code) == [.unknownLevel])
        #expect(final.warnings.first?.event == 5)
        // Repeats improve best time and moves; the first completion's time stays.
        #expect(final.level("n3") == LevelProgress(completed: true, completedAt: moment("2026-01-03T10:00:00Z"),
                                                   bestTime: 60, bestMoves: 45, difficulties: ["normal"]))
        #expect(evaluate("levels.n1", in: final)
            == #"{"completed": true, "completed_at": 2026-01-01T10:00:00Z, "best_time": 90.0, "best_moves": 60, "difficulties": []}"#)
        #expect(evaluate("catalogs.puzzle.levels.filter(l, l.released).size()", in: final) == "7")
        #expect(timeline.catalogs.catalog("puzzle").map { ModuleCriterion(catalog: "puzzle", module: "nianhua").levelsReleased(after: 1, in: $0) } == 1)
        #expect(timeline.catalogs.catalog("puzzle").map { ModuleCriterion(catalog: "puzzle", module: "nianhua").levelsReleased(after: 2, in: $0) } == 0)
    }
}
