import JSON
import RuleModel

/// Reminders in the bundle (docs/engine.md, "The compiled rule format"): a `reminders` list after
/// `award_order`, each entry `{id, title, localized_title, on, daily_at?, setting?, streak?,
/// before_seconds, when?, meta?, at}` (`daily_at` and `setting` for `on: daily`).
extension RuleBundleEncoder {
    mutating func reminders(_ reminders: [ReminderRule]) -> JSONValue {
        .array(reminders.map { reminder in
            var object = JSONObject([("id", .string(reminder.id)), ("title", .string(reminder.title)),
                                     ("localized_title", text(reminder.localizedTitle)), ("on", .string(reminder.kindName))])
            if let daily = reminder.daily {
                object["daily_at"] = .string(daily.at.description)
                if let setting = daily.setting { object["setting"] = .string(setting) }
            }
            if let streak = reminder.streak { object["streak"] = .string(streak) }
            object["before_seconds"] = .int(Int64(reminder.beforeSeconds))
            if let when = reminder.when { object["when"] = expression(when) }
            if let meta = reminder.meta { object["meta"] = Self.meta(meta) }
            object["at"] = span(reminder.span)
            return .object(object)
        })
    }
}
