import RulecheckEngine

/// The documents' `StreakTrackingService` over the achievement service's session: check-ins,
/// the streak's status and the manual freeze.
struct StreakTrackingService {
    /// What a check-in did to the streak (`StreakResult`).
    struct StreakResult {
        var current: Int
        var status: String
        var events: [SessionChanges.Streak.Event]
        var unlocked: [String]
    }

    let achievements: AchievementService
    let streak: String
    let checkInType: String

    /// `checkIn()`: records the check-in event.
    func checkIn(at now: Moment) throws -> StreakResult {
        let unlocked = try achievements.record(checkInType, at: now)
        return result(unlocked: unlocked.map(\.id))
    }

    /// `getStreakStatus()` at `now` (the grace reminder reads `at_risk`).
    func status(at now: Moment) throws -> StreakResult {
        let changes = try achievements.refresh(at: now)
        return result(unlocked: changes.unlocked.map(\.id))
    }

    /// `useStreakFreeze()`: true when a freeze covered the missed day.
    func useStreakFreeze(at now: Moment, for date: String) throws -> Bool {
        let before = standing?.freezesAvailable ?? 0
        guard before > 0 else { return false }
        _ = try achievements.useFreeze(at: now, date: date)
        return (standing?.freezesAvailable ?? 0) < before
    }

    private var standing: StreakStanding? {
        achievements.session.lastDecision.streaks.first { $0.id == streak }
    }

    private func result(unlocked: [String]) -> StreakResult {
        let events = achievements.lastChanges?.streaks.first { $0.id == streak }?.events ?? []
        return StreakResult(current: standing?.current ?? 0, status: standing?.status ?? "none", events: events,
                            unlocked: unlocked)
    }
}
