import Diagnostics
import RuleModel
import YAMLSource

extension RuleFileDecoder {
    static let reminderKeys = ReminderRuleKey.names

    /// docs/rules.md, "reminders[]". The streak it names is checked with the whole rule set.
    mutating func decodeReminder(_ node: YAMLNode) -> ReminderDraft? {
        guard let map = NodeReader(node, what: "reminder", diagnostics: &diagnostics) else { return nil }
        map.rejectUnknownKeys(allowed: Self.reminderKeys, diagnostics: &diagnostics)
        let id = map.string(ReminderRuleKey.id, required: true, diagnostics: &diagnostics)
        let title = localizedText(map, ReminderRuleKey.title)
        let kinds = UpcomingKind.allCases.map(\.rawValue)
        let onText = map.require(ReminderRuleKey.on, diagnostics: &diagnostics) != nil
            ? map.choice(ReminderRuleKey.on, from: kinds + [ReminderRule.dailyKind], diagnostics: &diagnostics)?.value : nil
        let on = onText.flatMap(UpcomingKind.init(rawValue:))
        let isDaily = onText == ReminderRule.dailyKind
        let streak = map.string(ReminderRuleKey.streak, diagnostics: &diagnostics)
        if let streak, let onText, on?.isStreakKind != true {
            diagnostics.append(.error(
                isDaily ? RuleCode.reminderKeyOfOtherKind : RuleCode.reminderStreakWithoutStreakKind,
                "'streak' is only for the streak kinds (\(kinds.filter { UpcomingKind(rawValue: $0)?.isStreakKind == true }.joined(separator: ", "))); this reminder is on '\(onText)'",
                at: streak.span, notes: [DiagnosticNote("'on' is here", at: map.keySpan(ReminderRuleKey.on))],
                fix: isDaily ? "remove 'streak': a daily reminder is due at its time whatever the streaks do"
                    : "remove 'streak', or put the reminder on a streak kind"))
        }
        let before = map.value(ReminderRuleKey.before).flatMap { reminderBefore($0) }
        if isDaily, map.has(ReminderRuleKey.before) {
            diagnostics.append(.error(
                RuleCode.reminderKeyOfOtherKind, "'before' is not for a daily reminder: it is due at its own time of day",
                at: map.keySpan(ReminderRuleKey.before), notes: [DiagnosticNote("'on' is here", at: map.keySpan(ReminderRuleKey.on))],
                fix: "remove 'before' and write the time you want in 'at'"))
        }
        let daily = isDaily ? dailySchedule(map) : nil
        if onText != nil, !isDaily {
            for key in [ReminderRuleKey.at.rawValue, ReminderRuleKey.setting.rawValue] where map.has(key) {
                diagnostics.append(.error(
                    RuleCode.reminderKeyOfOtherKind, "'\(key)' is only for a daily reminder (on: daily); this reminder is on '\(onText ?? "")'",
                    at: map.keySpan(key), notes: [DiagnosticNote("'on' is here", at: map.keySpan(ReminderRuleKey.on))],
                    fix: "remove '\(key)', or put the reminder on daily"))
            }
        }
        let when = map.value(ReminderRuleKey.when)
            .flatMap { expression($0, key: ReminderRuleKey.when.rawValue, field: "reminder condition") }
        let meta = meta(map, ReminderRuleKey.meta)
        guard let id, on != nil || daily != nil else { return nil }
        if map.has(ReminderRuleKey.before), before == nil { return nil }
        return ReminderDraft(id: id, title: title, on: on, daily: daily, streak: on?.isStreakKind == true ? streak : nil,
                             beforeSeconds: daily == nil ? before ?? 0 : 0, when: when, meta: meta, span: node.span)
    }

    /// A daily reminder's `at` (required, `HH:MM`) and `setting` (a `user` key).
    private mutating func dailySchedule(_ map: NodeReader) -> ReminderRule.Daily? {
        let setting = map.string(ReminderRuleKey.setting, diagnostics: &diagnostics)
        guard map.require(ReminderRuleKey.at, diagnostics: &diagnostics) != nil,
              let text = map.string(ReminderRuleKey.at, diagnostics: &diagnostics) else {
            return nil
        }
        guard let time = LocalTime(text.value) else {
            diagnostics.append(.error(RuleCode.invalidTime,
                                      "invalid at '\(text.value)'; expected a time of day as HH:MM (00:00 to 23:59)",
                                      at: text.span, fix: "write it quoted with two digits each, such as \"09:00\""))
            return nil
        }
        return ReminderRule.Daily(at: time, setting: setting?.value)
    }

    /// `before`: a duration such as `30m`, `4h`, `1h30m` or `2d` (or the number 0), 0 … 7 days.
    private mutating func reminderBefore(_ node: YAMLNode) -> Int? {
        let seconds: Int?
        switch RuleScalar.value(of: node) {
        case .int(0)?: seconds = 0
        case .string(let text)?: seconds = Self.durationSeconds(text)
        default: seconds = nil
        }
        guard let seconds else {
            diagnostics.append(.error(
                RuleCode.invalidDuration,
                "'before' in reminder must be a duration such as 30m, 4h, 1h30m or 2d, found \(NodeReader.describe(node))",
                at: node.span, fix: "write days (d), hours (h) and minutes (m) in that order, such as 1h30m"))
            return nil
        }
        guard seconds <= ReminderRule.longestBefore else {
            diagnostics.append(.error(RuleCode.outOfRange,
                                      "'before' in reminder must be between 0 and 7 days, found \(Self.describeDuration(seconds))",
                                      at: node.span, fix: "remind at most 7d before the change"))
            return nil
        }
        return seconds
    }

    /// Seconds of a duration written as days, hours and minutes in that order, each at most once
    /// (`2d`, `1h30m`, `0m`), or `0`; `nil` for anything else.
    static func durationSeconds(_ text: String) -> Int? {
        if text == "0" { return 0 }
        let units: [(Character, Int)] = [("d", 86_400), ("h", 3_600), ("m", 60)]
        var next = 0
        var total = 0
        var digits = ""
        var parts = 0
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
                guard digits.count <= 6 else { return nil }
                continue
            }
            guard !digits.isEmpty, let index = units[next...].firstIndex(where: { $0.0 == character }),
                  let number = Int(digits) else { return nil }
            total += number * units[index].1
            next = index + 1
            digits = ""
            parts += 1
        }
        guard digits.isEmpty, parts > 0 else { return nil }
        return total
    }

    /// A number of seconds as the duration syntax writes it (`8d`, `1h30m`).
    static func describeDuration(_ seconds: Int) -> String {
        let days = seconds / 86_400, hours = seconds % 86_400 / 3_600, minutes = seconds % 3_600 / 60
        let text = (days > 0 ? "\(days)d" : "") + (hours > 0 ? "\(hours)h" : "") + (minutes > 0 ? "\(minutes)m" : "")
        return text.isEmpty ? "0m" : text
    }
}
