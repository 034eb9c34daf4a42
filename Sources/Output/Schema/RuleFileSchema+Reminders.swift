import JSON
import RuleModel

extension RuleFileSchema {
    /// The kinds of `upcoming` entries (docs/evaluation.md), which a reminder's `on` names.
    static var upcomingKinds: [String] { UpcomingKind.allCases.map(\.rawValue) }

    /// One `reminders` entry (docs/rules.md, "reminders[]").
    static var reminder: JSONValue {
        .object(object("A reminder on an upcoming change: due at the change's moment minus 'before' while 'when' holds at now; "
                       + "or on: daily, due at a time of day on today and tomorrow while 'when' holds at that moment.", [
            (ReminderRuleKey.id.rawValue, ref("id", "The reminder's id, unique among reminders.")),
            (ReminderRuleKey.title.rawValue, ref("text", "The notification's text (a string or per locale).")),
            (ReminderRuleKey.on.rawValue, string("The kind of upcoming change it is for, or daily.", oneOf: upcomingKinds + [ReminderRule.dailyKind])),
            (ReminderRuleKey.at.rawValue, string("Daily only: the time of day, HH:MM in the calendar's zone.", pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$")),
            (ReminderRuleKey.setting.rawValue, string("Daily only: the user key whose \"HH:MM\" replaces 'at' (null or false turns it off).")),
            (ReminderRuleKey.streak.rawValue, ref("id", "Streak kinds only: the one streak it is for (default: any).")),
            (ReminderRuleKey.before.rawValue, .object(JSONObject([
                ("description", .string("How long before the change: days, hours, minutes in that order (30m, 4h, 1h30m, 2d), 0 to 7 days.")),
                ("anyOf", .array([
                    string("A duration such as 4h or 1h30m.", pattern: "^([0-9]+d)?([0-9]+h)?([0-9]+m)?$"),
                    integer("0: at the change itself.", minimum: 0, maximum: 0),
                ])),
            ]))),
            (ReminderRuleKey.when.rawValue, ref("cel", "A CEL condition judged at now; the reminder is due only while it holds.")),
            (ReminderRuleKey.meta.rawValue, ref("meta", "Free app data, passed through in the decision's reminders.")),
        ], required: [ReminderRuleKey.id.rawValue, ReminderRuleKey.on.rawValue]))
    }

    /// A rule test's expected `upcoming` or `reminders` entry: the fields it lists must match.
    static func expectedComing(_ description: String, keys: [String]) -> JSONValue {
        typealias Field = RuleTestExpectFields.Coming
        let fields: [(key: String, value: JSONValue)] = keys.map { key in
            switch Field(rawValue: key) {
            case .at?: (key, ref("timestamp", "The moment (compared as an instant)."))
            // A reminder's kind may be daily as well.
            case .kind?: (key, string("The kind of change.",
                                      oneOf: keys.contains(Field.id.rawValue) ? upcomingKinds + [ReminderRule.dailyKind] : upcomingKinds))
            case .day?: (key, string("The local date, YYYY-MM-DD."))
            default: (key, ref("id", "The \(key)'s id."))
            }
        }
        return array(.object(object("The fields this entry must have.", fields)), description)
    }
}
