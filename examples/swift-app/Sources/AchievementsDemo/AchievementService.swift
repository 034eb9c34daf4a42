import RulecheckEngine

/// The documents' `AchievementService`: records what the user does and answers which badges
/// unlocked and how far each one is. One session per user; the state is saved after each step so
/// an unlock is reported once.
final class AchievementService {
    private(set) var session: EngineSession
    private let store: UserStore
    /// What the last step changed (for `StreakTrackingService`).
    private(set) var lastChanges: SessionChanges?
    /// The local notifications, replaced after every step.
    let notifications: NotificationScheduler

    init(rules: EngineRules, store: UserStore, userID: String, timeZone: String, now: Moment) throws {
        self.store = store
        notifications = NotificationScheduler(rules: rules)
        if let saved = store.load() {
            session = try EngineSession(rules: rules, state: saved, at: now)
        } else {
            session = try EngineSession(rules: rules, userID: userID, timeZone: timeZone, at: now)
        }
        try store.save(session)
        notifications.replace(with: session.reminders)
    }

    /// Records an event and returns the badges it unlocked (`checkAchievements()`).
    func record(_ type: String, at now: Moment, _ attributes: JSONObject = JSONObject()) throws -> [UnlockDecision] {
        try apply(session.record(EngineEvent(type: type, at: now, attributes: attributes)))
    }

    /// Progress of one badge, 0 … 1 (`getProgress(for:)`).
    func progress(for id: String) -> Double {
        guard let standing = session.lastDecision.achievements.first(where: { $0.id == id }) else { return 0 }
        return standing.state == .unlocked ? 1 : standing.progress.fraction
    }

    /// Every unlocked badge id.
    var unlocked: [String] { session.lastDecision.achievements.filter { $0.state == .unlocked }.map(\.id) }

    /// The step's changes, saved.
    @discardableResult
    func apply(_ changes: SessionChanges) throws -> [UnlockDecision] {
        lastChanges = changes
        try store.save(session)
        notifications.replace(with: session.reminders)
        return changes.unlocked
    }

    /// Moves the session to `now` without an event (the app coming to the foreground).
    func refresh(at now: Moment) throws -> SessionChanges {
        let changes = try session.advance(to: now)
        try apply(changes)
        return changes
    }

    /// Uses a freeze (a `freeze_used` event).
    func useFreeze(at now: Moment, date: String?) throws -> SessionChanges {
        let changes = try session.useFreeze(at: now, date: date)
        try apply(changes)
        return changes
    }
}
