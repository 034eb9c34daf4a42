import CEL
@testable import Evaluation
import RuleModel
import Testing

/// Which conditions are judged like milestones (`StreakThreshold`): nothing but a whole-number
/// field of a streak of the rule set against a number.
@Suite struct StreakThresholdTests {
    static let streaks: Set<String> = ["daily_use", "perfect_days"]

    @Test(arguments: [
        ("streaks.daily_use.current >= 3", "current"),
        ("streaks.perfect_days.current > 6", "current"),
        ("streaks.daily_use.longest >= 10", "longest"),
        ("streaks.daily_use.total_days >= 2.5", "total_days"),
        ("streaks.daily_use.freezes_available >= 1", "freezes_available"),
    ])
    func judgedLikeAMilestone(source: String, field: String) throws {
        var planner = EventFoldPlanner()
        let plan = planner.plan(try EventFoldPlannerTests.program(source))
        let threshold = try #require(StreakThreshold(plan, ruleStreaks: Self.streaks))
        #expect(threshold.field.rawValue == field)
        // The least number it holds for gives CEL's comparison at every value.
        for value in [-1, 0, 1, 2, 3, 4, 6, 7, 9, 10, 11, 1_000] {
            #expect(threshold.holds(value) == threshold.threshold.holds(for: Int64(value)), "\(source) at \(value)")
        }
    }

    @Test(arguments: [
        ("streaks.daily_use.current >= 9223372036854775807", Int64.max),
        ("streaks.daily_use.current > 9223372036854775807u", nil),
        ("streaks.daily_use.current >= -5", -5),
        ("streaks.daily_use.current > -0.5", 0),
        ("streaks.daily_use.current >= 18446744073709551615u", nil),
    ] as [(String, Int64?)])
    func leastNumberItHoldsFor(source: String, minimum: Int64?) throws {
        var planner = EventFoldPlanner()
        let plan = planner.plan(try EventFoldPlannerTests.program(source))
        let threshold = try #require(StreakThreshold(plan, ruleStreaks: Self.streaks))
        #expect(threshold.minimum == minimum, "\(source)")
    }

    @Test(arguments: [
        "streaks.unknown.current >= 3",                        // not a streak of the rules: an error at run time
        "streaks.daily_use.status == \"active\"",             // not a threshold
        "streaks.daily_use.current >= 3 && size(events) > 1", // more than the threshold
        "streaks.daily_use.current <= 3",                      // from above
        "streaks[\"daily_use\"].current >= 3",                 // an index, not a field
        "metrics.tasks >= 3",
    ])
    func evaluatedAsWritten(source: String) throws {
        var planner = EventFoldPlanner()
        let plan = planner.plan(try EventFoldPlannerTests.program(source))
        #expect(StreakThreshold(plan, ruleStreaks: Self.streaks) == nil)
    }
}
