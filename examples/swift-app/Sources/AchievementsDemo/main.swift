import Foundation
import RulecheckEngine

// A TaskMate week and a SkinLab fortnight through the services, each step checked. Arguments:
// the compiled TaskMate and SkinLab bundles (`rulecheck compile --ruleset NAME -o FILE`).

var failures: [String] = []
@MainActor func check(_ condition: Bool, _ message: String) {
    if !condition { failures.append(message) }
    print((condition ? "  ok   " : "  FAIL ") + message)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let taskmatePath = arguments.first, let skinlabPath = arguments.last else {
    print("usage: AchievementsDemo TASKMATE_RULES.json SKINLAB_RULES.json")
    exit(2)
}
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("achievements-demo-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

/// 2026-03-02 (a Monday; 1_772_380_800 is its midnight in Shanghai) plus `day` days, at `hour`:`minute` (+08:00).
func shanghai(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Moment {
    Moment(unixSeconds: 1_772_380_800 + Int64(day * 86_400 + hour * 3_600 + minute * 60), offsetSeconds: 28_800)
}

do {
    print("TaskMate (\(taskmatePath))")
    let rules = try EngineRules(bundleAt: taskmatePath)
    let store = UserStore(path: folder.appendingPathComponent("taskmate-user.json").path)
    var service = try AchievementService(rules: rules, store: store, userID: "ming", timeZone: "Asia/Shanghai",
                                         now: shanghai(0, 8))
    let streaks = StreakTrackingService(achievements: service, streak: "daily_use", checkInType: "task_completed")
    let first = try service.record("focus_session", at: shanghai(0, 9), JSONObject([("minutes", .int(25))]))
    check(first.map(\.id) == ["focus_first_session"], "the first focus session unlocks focus_first_session: \(first.map(\.id))")
    check(abs(service.progress(for: "focus_10_hours") - 25.0 / 600) < 1e-9, "focus_10_hours is 25 of 600 minutes")
    let created = try service.record("task_created", at: shanghai(0, 9, 30), JSONObject([("category", .string("work"))]))
    check(created.map(\.id) == ["task_first_create"], "creating a task unlocks task_first_create")
    let dayTwo = try streaks.checkIn(at: shanghai(1, 21))
    check(dayTwo.current == 2 && dayTwo.events == [.extended], "day 2: the streak is 2 days (\(dayTwo.current), \(dayTwo.events))")

    // The app is closed and opened again: the saved state carries on, nothing is reported twice.
    service = try AchievementService(rules: rules, store: store, userID: "ming", timeZone: "Asia/Shanghai", now: shanghai(2, 7))
    check(service.session.lastDecision.unlocks.isEmpty, "reopening reports no unlock again")
    let reopened = StreakTrackingService(achievements: service, streak: "daily_use", checkInType: "task_completed")
    let dayThree = try reopened.checkIn(at: shanghai(2, 8))
    check(dayThree.current == 3, "day 3: the streak is 3 days")
    check(Set(dayThree.unlocked) == ["habit_3_days", "streak_3_days"], "day 3 unlocks habit_3_days and streak_3_days: \(dayThree.unlocked)")
    check(dayThree.events.contains(.milestone(id: "streak_3_days", days: 3)), "day 3 is the streak's 3-day milestone")
    let evening = try reopened.status(at: shanghai(3, 22))
    print("  day 4, 22:00 without a task: streak \(evening.current), \(evening.status)")
    check(evening.current == 3 && evening.status == "at_risk", "day 4 before midnight: the run stands, at risk (the grace reminder)")
    let later = try reopened.status(at: shanghai(5, 1))
    check(later.events.contains(.broken) && later.current == 0, "a whole day missed breaks the run: \(later.events)")
    print("  unlocked: \(service.unlocked.joined(separator: ", ")); points \(service.session.lastDecision.points)")
}

do {
    print("SkinLab (\(skinlabPath))")
    let rules = try EngineRules(bundleAt: skinlabPath)
    let store = UserStore(path: folder.appendingPathComponent("skinlab-user.json").path)
    let service = try AchievementService(rules: rules, store: store, userID: "li", timeZone: "Asia/Shanghai", now: shanghai(0, 8))
    let streaks = StreakTrackingService(achievements: service, streak: "check_in", checkInType: "tracking_completed")
    var result = try streaks.checkIn(at: shanghai(0, 9))
    check(result.events == [.started], "the first check-in starts the streak")
    for day in 1..<7 {
        result = try streaks.checkIn(at: shanghai(day, 9))
        if day == 4 {
            // Five days: the warning for tomorrow evening, should the run be left then (seed 004:
            // at-risk warnings on days 5, 7, 14; the permission asked at day 5).
            let warning = service.notifications.scheduled.map { "\($0.id) \($0.at)" }
            check(warning == ["streak_at_risk_day_5 2026-03-07T20:00:00+08:00"], "a 5-day run is warned about on day 6 at 20:00: \(warning)")
        }
        if day == 5 { check(service.notifications.scheduled.isEmpty, "the sixth check-in cancels the day-5 warning") }
    }
    check(result.current == 7, "seven check-ins: 7 days")
    check(result.unlocked.contains("celebrate_7_days"), "the 7-day celebration unlocks: \(result.unlocked)")
    // 2026-03-09 (day 7) is missed; on day 8 the user uses the month's freeze for it.
    check(try streaks.useStreakFreeze(at: shanghai(8, 8), for: "2026-03-09"), "the freeze covers 2026-03-09")
    check(try !streaks.useStreakFreeze(at: shanghai(8, 8, 5), for: "2026-03-09"), "no second freeze this month")
    result = try streaks.checkIn(at: shanghai(8, 9))
    check(result.current == 8, "the run goes on after the frozen day: \(result.current)")
}

if failures.isEmpty {
    print("all checks passed")
} else {
    print("\(failures.count) check(s) failed")
    exit(1)
}
