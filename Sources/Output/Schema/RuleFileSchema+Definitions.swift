import JSON
import RuleModel

extension RuleFileSchema {
    /// Value shapes used by many keys: ids, texts per locale, CEL, timestamps, meta.
    static var shared: [(key: String, value: JSONValue)] {
        let scalar: JSONValue = .array([.string("string"), .string("number"), .string("boolean")])
        return [
            ("id", string("An id: lowercase letters, digits and '_', starting with a letter.", pattern: idPattern)),
            ("cel", .object(JSONObject([("type", scalar),
                                        ("description", .string("A CEL expression (docs/guide.md, section 3); quote it when it holds ': ' or ' #'."))]))),
            ("timestamp", string("An RFC 3339 instant with a UTC offset, such as 2026-02-01T00:00:00+08:00.",
                                 pattern: timestampPattern)),
            ("text", .object(JSONObject([
                ("description", .string("A text, or a mapping of BCP 47 locale tags to texts whose first entry is the default.")),
                ("anyOf", .array([
                    .object(JSONObject([("type", scalar), ("description", .string("The text in one language."))])),
                    .object(JSONObject([
                        ("type", .string("object")), ("description", .string("The text per locale: { zh-Hans: ..., en: ... }.")),
                        ("minProperties", .int(1)),
                        ("propertyNames", .object(JSONObject([("pattern", .string("^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$"))]))),
                        ("additionalProperties", .object(JSONObject([("type", scalar),
                                                                     ("description", .string("The text in this locale."))]))),
                    ])),
                ])),
            ]))),
            ("meta", .object(JSONObject([("type", .string("object")),
                                         ("description", .string("Free app data (grid sizes, colours, asset names): not checked, emitted in the JSON decision."))]))),
        ]
    }

    static var calendar: JSONValue {
        .object(object("What a day is for every streak and day of the rule set.", [
            (CalendarRuleKey.timezone.rawValue, string("'event' (each event's own offset), 'user' (the state's user.timezone) or an IANA zone such as Asia/Shanghai.")),
            (CalendarRuleKey.dayStarts.rawValue, string("When a day begins, HH:MM (quote it).", pattern: "^[0-2][0-9]:[0-5][0-9]$")),
            (CalendarRuleKey.killTime.rawValue, string("The deadline of each day, HH:MM (quote it); different from day_starts.", pattern: "^[0-2][0-9]:[0-5][0-9]$")),
            (CalendarRuleKey.late.rawValue, string("What happens to an event after the kill time.", oneOf: ["exclude", "next_day"])),
        ]))
    }

    static var metrics: JSONValue {
        map("Metric names and their CEL expressions.", values: .object(JSONObject([
            ("description", .string("The metric's CEL expression, or {expr, show} to show its value in the decision.")),
            ("anyOf", .array([
                ref("cel", "The metric's CEL expression."),
                .object(object("A metric whose value at now the decision may show.", [
                    (MetricRuleKey.expr.rawValue, ref("cel", "The metric's CEL expression.")),
                    (MetricRuleKey.show.rawValue, boolean("Show its value at now in the decision's metrics (default false).")),
                ], required: [MetricRuleKey.expr.rawValue])),
            ])),
        ])))
    }

    static var category: JSONValue {
        .object(object("An award category: its id and the names people read.", [
            (CategoryRuleKey.id.rawValue, ref("id", "The category's id, as awards name it in 'category'.")),
            (CategoryRuleKey.title.rawValue, ref("text", "The category's name (a string or per locale).")),
            (CategoryRuleKey.description.rawValue, ref("text", "A description (a string or per locale).")),
            (CategoryRuleKey.icon.rawValue, string("The app's icon name.")),
            (CategoryRuleKey.meta.rawValue, ref("meta", "Free app data for this category.")),
        ], required: [CategoryRuleKey.id.rawValue, CategoryRuleKey.title.rawValue]))
    }

    /// Keys shared by achievements and milestones.
    static var awardKeys: [(key: String, value: JSONValue)] {
        [
            (AwardRuleKey.id.rawValue, ref("id", "The award's id, unique across achievements and milestones.")),
            (AwardRuleKey.title.rawValue, ref("text", "The title shown to users (a string or per locale).")),
            (AwardRuleKey.description.rawValue, ref("text", "The description shown to users (a string or per locale).")),
            (AwardRuleKey.category.rawValue, string("The award's category: free text, or with 'categories' one of their ids.")),
            (AwardRuleKey.rarity.rawValue, string("How rare the award is.", oneOf: ["common", "rare", "epic", "legendary"])),
            (AwardRuleKey.icon.rawValue, string("The app's icon name.")),
            (AwardRuleKey.points.rawValue, integer("Points the award gives (each time, when repeatable).", minimum: 0)),
            (AwardRuleKey.hidden.rawValue, boolean("Hidden until unlocked.")),
            (AwardRuleKey.repeatable.rawValue, boolean("Unlocks again each time its criterion becomes true anew (a rising edge).")),
            (AwardRuleKey.meta.rawValue, ref("meta", "Free app data for this award.")),
        ]
    }

    static var achievement: JSONValue {
        var shape = object("An achievement: exactly one criterion, 'when' or 'complete_module'.", awardKeys + [
            (AchievementRuleKey.when.rawValue, ref("cel", "The criterion: a CEL condition (bool).")),
            (AchievementRuleKey.completeModule.rawValue, .object(object("The criterion: every counted released level of a catalog module is done.", [
                (CompleteModuleRuleKey.catalog.rawValue, ref("id", "The catalog's id.")),
                (CompleteModuleRuleKey.module.rawValue, ref("id", "The module's id.")),
                (CompleteModuleRuleKey.difficulty.rawValue, string("'any' (default) or a difficulty the catalog lists.")),
                (CompleteModuleRuleKey.release.rawValue, integer("Only the levels this catalog version released (an expansion pack).",
                                    minimum: 1, maximum: 1_000_000)),
                (CompleteModuleRuleKey.levels.rawValue, string("'counted' (default): levels with counts: true; 'all': every level (a full collection).",
                                  oneOf: ["counted", "all"])),
            ], required: [CompleteModuleRuleKey.catalog.rawValue, CompleteModuleRuleKey.module.rawValue]))),
            (AchievementRuleKey.progress.rawValue, .object(object("How progress is measured, instead of the derived one.", [
                (ProgressRuleKey.current.rawValue, ref("cel", "The current value (a CEL number).")),
                (ProgressRuleKey.target.rawValue, ref("cel", "The target value (a CEL number).")),
            ], required: ProgressRuleKey.names))),
            (AchievementRuleKey.requires.rawValue, .object(JSONObject([
                ("description", .string("Achievement or milestone ids that must be unlocked first (one id or a list).")),
                ("anyOf", .array([ref("id", "One required id."), array(ref("id", "A required id."), "The required ids.")])),
            ]))),
            (AchievementRuleKey.available.rawValue, .object(object("The window in which it can unlock: [from, until).", [
                (AvailableRuleKey.from.rawValue, ref("timestamp", "The first instant it can unlock.")),
                (AvailableRuleKey.until.rawValue, ref("timestamp", "The instant from which it can no longer unlock.")),
            ]))),
        ], required: [AchievementRuleKey.id.rawValue, AchievementRuleKey.title.rawValue])
        shape["oneOf"] = .array([.object(JSONObject([("required", .array([.string(AchievementRuleKey.when.rawValue)]))])),
                                 .object(JSONObject([("required", .array([.string(AchievementRuleKey.completeModule.rawValue)]))]))])
        return .object(shape)
    }

    static var milestone: JSONValue {
        .object(object("A streak milestone: an award when the streak's current run reaches its days.", [
            (MilestoneRuleKey.days.rawValue, integer("The run length that unlocks it; strictly ascending within the streak.", minimum: 1)),
        ] + awardKeys, required: [MilestoneRuleKey.days.rawValue, MilestoneRuleKey.id.rawValue, MilestoneRuleKey.title.rawValue]))
    }

    static var streak: JSONValue {
        var shape = object("A streak: qualifying days in a row; exactly one of 'counts' or 'day'.", [
            (StreakRuleKey.id.rawValue, ref("id", "The streak's id (streaks.ID in CEL).")),
            (StreakRuleKey.title.rawValue, ref("text", "The title shown to users (a string or per locale).")),
            (StreakRuleKey.counts.rawValue, ref("cel", "A day qualifies when an on-time event makes this true (over 'event').")),
            (StreakRuleKey.day.rawValue, ref("cel", "A day qualifies when this is true for it (over 'day').")),
            (StreakRuleKey.freezes.rawValue, .object(object("Freezes that cover a missed day.", [
                (FreezesRuleKey.max.rawValue, integer("Freezes held at most.", minimum: 1)),
                (FreezesRuleKey.refillDays.rawValue, integer("Days until a spent freeze comes back.", minimum: 1)),
                (FreezesRuleKey.mode.rawValue, string("'manual': the app spends one with a streak_freeze event; 'auto': a missed day spends one.",
                                oneOf: ["manual", "auto"])),
            ], required: [FreezesRuleKey.max.rawValue, FreezesRuleKey.refillDays.rawValue]))),
            (StreakRuleKey.backfillDays.rawValue, integer("How many days before the state's first evaluation count (a fixed cut-off).", minimum: 1)),
            (StreakRuleKey.historyDays.rawValue, .object(JSONObject([
                ("description", .string("Replaced by backfill_days (contract 1.1): an error (E230).")),
                ("not", .object(JSONObject())),
            ]))),
            (StreakRuleKey.milestones.rawValue, array(ref("milestone", "A milestone."), "Awards for reaching run lengths.")),
            (StreakRuleKey.meta.rawValue, ref("meta", "Free app data for this streak.")),
        ], required: [StreakRuleKey.id.rawValue])
        shape["oneOf"] = .array([.object(JSONObject([("required", .array([.string(StreakRuleKey.counts.rawValue)]))])),
                                 .object(JSONObject([("required", .array([.string(StreakRuleKey.day.rawValue)]))]))])
        return .object(shape)
    }

    static var rank: JSONValue {
        .object(object("A rank: the last one whose min_points the user's points reach.", [
            (RankRuleKey.id.rawValue, ref("id", "The rank's id.")),
            (RankRuleKey.title.rawValue, ref("text", "The title shown to users (a string or per locale).")),
            (RankRuleKey.minPoints.rawValue, integer("Points needed; the first rank has 0.", minimum: 0)),
        ], required: [RankRuleKey.id.rawValue, RankRuleKey.minPoints.rawValue]))
    }
}
