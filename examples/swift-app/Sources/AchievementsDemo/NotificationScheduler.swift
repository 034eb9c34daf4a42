import RulecheckEngine

/// The app's local notifications (what `UNUserNotificationCenter` holds): after every step the
/// session's due reminders replace the ones scheduled before (docs/rules.md, `reminders[]`), so a check-in or a
/// completed day cancels its warning without a rule of its own.
final class NotificationScheduler {
    private let rules: EngineRules
    /// Scheduled notifications, by time.
    private(set) var scheduled: [DueReminder] = []

    init(rules: EngineRules) { self.rules = rules }

    /// Replaces the scheduled notifications with `reminders`, printing what is scheduled and cancelled.
    func replace(with reminders: [DueReminder]) {
        func key(_ reminder: DueReminder) -> String { "\(reminder.id) \(reminder.at.description) \(reminder.subject)" }
        let kept = Set(reminders.map(key)), old = Set(scheduled.map(key))
        for reminder in scheduled where !kept.contains(key(reminder)) {
            print("    cancel   \(reminder.at)  \(title(reminder))")
        }
        for reminder in reminders where !old.contains(key(reminder)) {
            var line = "    schedule \(reminder.at)  \(title(reminder))"
            if case .object(let meta)? = rules.reminderMeta(reminder.id), meta["ask_permission"] == .bool(true) {
                line += "  (asks for the notification permission first)"
            }
            print(line)
        }
        scheduled = reminders
    }

    private func title(_ reminder: DueReminder) -> String {
        rules.reminderTitle(reminder.id, locale: "zh-Hans") ?? reminder.id
    }
}
