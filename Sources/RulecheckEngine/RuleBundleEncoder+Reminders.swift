import JSON
import RuleModel

/// Reminders in the bundle (docs/engine.md, "The compiled rule format"): a `reminders` list after
/// `award_order`, each entry `{id, title, localized_title, on, daily_at?, setting?, streak?,
/// before_seconds, when?, meta?, at}` (`daily_at` and `setting` for `on: daily`).
extension RuleBundleEncoder {
    mutating func reminders(_ reminders: [ReminderRule]) -> JSONValue {
        .array(reminders.map { reminder in
            var object = JSONObject([(ReminderRuleKey.id.rawValue, .string(reminder.id)),
                                     (ReminderRuleKey.title.rawValue, .string(reminder.title)),
                                     (RuleBundleField.localizedTitle.rawValue, text(reminder.localizedTitle)),
                                     (ReminderRuleKey.on.rawValue, .string(reminder.kindName))])
            if let daily = reminder.daily {
                object[RuleBundleField.dailyAt] = .string(daily.at.description)
                if let setting = daily.setting { object[ReminderRuleKey.setting] = .string(setting) }
            }
            if let streak = reminder.streak { object[ReminderRuleKey.streak] = .string(streak) }
            object[RuleBundleField.beforeSeconds] = .int(Int64(reminder.beforeSeconds))
            if let when = reminder.when { object[ReminderRuleKey.when] = expression(when) }
            if let meta = reminder.meta { object[ReminderRuleKey.meta] = Self.meta(meta) }
            object[RuleBundleField.at] = span(reminder.span)
            return .object(object)
        })
    }
}
