import CEL
import Evaluation
import Facts
import Foundation
import Rules
import Testing

/// docs/rules.md, docs/evaluation.md, "Replay" end to end through the replay: calendars with daylight saving, a session
/// after midnight, late events under both policies, refused kill-time changes, freezes, a catalog
/// that grew, and every form of progress.
@Suite struct ReplayScenarioTests {
    @Test func springForwardKillTimeInTheGapAndAShortDay() throws {
        let decision = try ScenarioFixture("dst_spring").evaluate().decision
        // 02:30 does not exist on 2026-03-08 in New York: the kill moment is 03:00 EDT, so the
        // 03:10 event is late; the 23-hour day ends at midnight EDT (a time-driven checkpoint,
        // reported in the zone's offset then).
        #expect(decision.unlockTimes == ["late_one@2026-03-08T03:10:00-04:00", "split_day@2026-03-08T03:10:00-04:00",
                                         "next_day@2026-03-09T00:00:00-04:00"])
    }

    @Test func fallBackKillTimeAtItsFirstOccurrenceAndALongDay() throws {
        let decision = try ScenarioFixture("dst_autumn").evaluate().decision
        // 02:30 happens twice on 2026-10-25 in Berlin: the first (CEST) one is the kill moment, so
        // 02:40 CEST and 02:45 CET are both late; the 25-hour day ends at midnight CET.
        #expect(decision.unlockTimes == ["on_time@2026-10-25T02:15:00+02:00", "two_late@2026-10-25T02:45:00+01:00",
                                         "long_day_over@2026-10-26T00:00:00+01:00"])
    }

    @Test func aSessionAfterMidnightBelongsToTheDayBefore() throws {
        let decision = try ScenarioFixture("after_midnight").evaluate().decision
        #expect(decision.unlockTimes == ["night_session@2026-01-06T00:30:00+08:00", "focus_2@2026-01-06T23:00:00+08:00"])
        #expect(decision.streaks == [StreakStanding(id: "focus", current: 2, longest: 2, totalDays: 2, status: "at_risk",
                                                    freezesAvailable: 0, lastDay: "2026-01-06")])
        #expect(decision.points == 20)
    }

    @Test(arguments: [
        ("exclude", [String](), StreakStanding(id: "daily", current: 0, longest: 1, totalDays: 1, status: "broken",
                                                freezesAvailable: 0, lastDay: "2026-02-01")),
        ("next_day", ["moved_in@2026-02-02T21:00:00+08:00"],
         StreakStanding(id: "daily", current: 1, longest: 1, totalDays: 2, status: "active", freezesAvailable: 0,
                        lastDay: "2026-02-03")),
    ])
    func lateEventsUnderBothPolicies(policy: String, unlocks: [String], streak: StreakStanding) throws {
        let decision = try ScenarioFixture("late_policy").evaluate(["LATE_POLICY": policy]).decision
        #expect(decision.unlockTimes == unlocks)
        #expect(decision.streaks == [streak])
    }

    @Test func aKillTimeCannotChangeOnceItPassed() throws {
        let decision = try ScenarioFixture("kill_time_refused").evaluate().decision
        // The change at 21:00 came after the 20:00 kill moment: refused, so 21:30 is late. The next
        // day's change at 19:00 is accepted: 21:00 is on time then.
        #expect(decision.unlockTimes == ["late_task@2026-01-07T21:30:00+08:00", "on_time_task@2026-01-08T21:00:00+08:00"])
        #expect(decision.warnings.map(\.code) == ["kill_time_passed", "invalid_kill_time"])
        #expect(decision.warnings.map(\.event) == [0, 3])
    }

    @Test func freezesRefillPerWindowAndAreRefusedWhenSpent() throws {
        let decision = try ScenarioFixture("freezes_refilled").evaluate().decision
        // Windows of 3 days from 05-01: each of the first three freezes is the one of its window;
        // the one for 05-07 (which qualified) is not needed; the one for 05-08 finds window 3 spent.
        #expect(decision.unlockTimes == ["three@2026-05-05T10:00:00Z", "four@2026-05-07T10:00:00Z"])
        #expect(decision.streaks == [StreakStanding(id: "checkin", current: 0, longest: 4, totalDays: 4, status: "broken",
                                                    freezesAvailable: 0, lastDay: "2026-05-07")])
        #expect(decision.warnings.map(\.code) == ["freeze_not_needed", "freeze_unavailable"])
        #expect(decision.warnings.map(\.event) == [7, 8])
        #expect(decision.achievement("five")?.progress == AwardProgress(current: .int(0), target: .int(5)))
        #expect(decision.points == 70)
    }

    @Test func aFreezeThatJoinsTwoRunsUnlocksAtItsEvent() throws {
        let decision = try ScenarioFixture("freeze_joins_runs").evaluate().decision
        // 05-01, 05-02, (05-03 missed), 05-04, 05-05: two runs of 2 until the freeze for 05-03
        // joins them into one of 4 at its own event; the check-in of 05-10 is the fifth day.
        #expect(decision.unlockTimes == ["two@2026-05-02T10:00:00Z", "four@2026-05-06T08:00:00Z",
                                         "longest_four@2026-05-06T08:00:00Z", "total_five@2026-05-10T10:00:00Z"])
        #expect(decision.streaks == [StreakStanding(id: "checkin", current: 0, longest: 4, totalDays: 5, status: "broken",
                                                    freezesAvailable: 0, lastDay: "2026-05-10")])
    }

    @Test func nowInAnotherOffsetCanFallOnAnEarlierDay() throws {
        let decision = try ScenarioFixture("now_in_another_offset").evaluate().decision
        // Read in UTC (the last event's offset) 05-04 is missed from 05-05 00:00Z on, when the award
        // becomes available; `now`, 05-05 06:00Z, is 05-04 20:00 at -10:00: today is 05-04, pending.
        #expect(decision.unlockTimes == ["comeback@2026-05-04T20:00:00-10:00"])
    }

    @Test func aModuleUnlockSurvivesACatalogRelease() throws {
        let decision = try ScenarioFixture("catalog_grew").evaluate().decision
        #expect(decision.unlocks.isEmpty)
        let standing = try #require(decision.achievement("nianhua_complete"))
        #expect(standing.state == .unlocked)
        #expect(standing.unlockedAt?.description == "2026-01-02T10:00:00Z")
        // Released and counted: n1, n2 (v1), n3 (v2), n4 (v3); done n1, n2, n3. New since v1: n3, n4.
        #expect(standing.progress == AwardProgress(current: .int(3), target: .int(4)))
        #expect(standing.catalogVersion == 1)
        #expect(standing.newLevels == 2)
        #expect(decision.points == 300)
    }

    @Test func progressInEveryForm() throws {
        let decision = try ScenarioFixture("progress_forms").evaluate().decision
        func progress(_ id: String) -> AwardProgress? { decision.achievement(id)?.progress }
        // 40 + 35 focus minutes in 2 sessions.
        #expect(progress("explicit") == AwardProgress(current: .int(75), target: .int(100)))
        #expect(progress("at_least") == AwardProgress(current: .int(75), target: .int(600)))
        #expect(progress("more_than_int") == AwardProgress(current: .int(2), target: .int(5)))
        #expect(progress("more_than_double") == AwardProgress(current: .int(75), target: .double(2.5)))
        #expect(progress("binary_locked") == AwardProgress(current: .int(0), target: .int(1)))
        #expect(progress("binary_unlocked") == AwardProgress(current: .int(1), target: .int(1)))
        // Both sessions were within 48 hours when it unlocked; none is now, but earned progress stays.
        #expect(progress("earned_keeps_maximum") == AwardProgress(current: .int(2), target: .int(2)))
        #expect(decision.achievement("hidden_locked")?.hidden == true)
        #expect(decision.achievement("more_than_double")?.hidden == false)
        #expect(decision.unlockTimes == ["binary_unlocked@2026-01-05T10:00:00Z", "more_than_double@2026-01-05T10:00:00Z",
                                         "earned_keeps_maximum@2026-01-06T10:00:00Z"])
    }

    @Test func overTheCostLimitStaysLockedWithAWarning() throws {
        let fixture = try ScenarioFixture("cost_limit")
        let generous = try fixture.evaluate().decision
        #expect(generous.unlocks.map(\.id) == ["cheap", "expensive"])
        // With a limit of 20 steps, iterating two events is over it; comparing two times is not.
        let strict = try fixture.evaluate(costLimit: 20).decision
        #expect(strict.unlockTimes == ["cheap@2026-01-05T10:00:00Z"])
        #expect(strict.achievement("expensive")?.state == .locked)
        #expect(strict.warnings.map(\.code) == ["cost_limit"])
        #expect(strict.warnings.first?.message.contains("'expensive'") == true)
    }

    @Test(arguments: [
        // Under `timezone: event` in the offset of the last event before; under a zone, in its offset.
        ("event", ["launch_week@2026-01-02T19:00:00-05:00", "needs_veteran@2026-01-04T07:00:00-05:00"]),
        ("Asia/Shanghai", ["launch_week@2026-01-03T08:00:00+08:00", "needs_veteran@2026-01-04T20:00:00+08:00"]),
        ("user", ["launch_week@2026-01-03T08:00:00+08:00", "needs_veteran@2026-01-04T20:00:00+08:00"]),
    ])
    func checkpointsWithoutAnEventAreReportedInTheCalendarsOffset(zone: String, unlocks: [String]) throws {
        let outcome = try ScenarioFixture("time_driven_offsets").evaluate(["ZONE": zone])
        // `available.from` and a stored unlock's `at` are checkpoints of their own; the stored
        // unlock is never reported again and gates `needs_veteran` from its `at`.
        #expect(outcome.decision.unlockTimes == unlocks)
        #expect(outcome.decision.achievement("veteran")?.unlockedAt?.description == "2026-01-04T12:00:00Z")
        #expect(outcome.unlocks["needs_veteran"]?.cause?.checkpoint == .storedUnlock)
        #expect(outcome.unlocks["launch_week"]?.cause == UnlockCause(checkpoint: .availabilityStart, events: []))
    }
}
