import CEL
import Facts
import RuleModel

extension Replay {
    /// The daily reminders due after `now` (docs/rules.md, "Daily reminders"): each at its time
    /// of day (the user's own through `setting`) on today and the next local day, where that
    /// moment is after `now` and its `when` holds there, judged on the facts at that moment with
    /// no further event (an error counts as not holding and is noted in `report`). A setting
    /// that is not a time, `null` or `false` is warned about (`invalid_setting`) and `at` used.
    func dailyReminders(_ facts: inout some ReplayFacts, unlocks: [String: UnlockDecision],
                        report: inout RuleErrorReport) -> (due: [DueReminder], warnings: [EvaluationWarning]) {
        var due: [DueReminder] = []
        var warnings: [EvaluationWarning] = []
        var user: CELValue?
        for reminder in rules.reminders {
            guard let daily = reminder.daily else { continue }
            var time = daily.at
            if let setting = daily.setting {
                if user == nil { user = facts.variable(.user, at: FactMoment(moment: facts.now, eventCount: facts.events.count)) }
                switch Self.settingTime(user ?? .null, setting) {
                case .time(let chosen): time = chosen
                case .off: continue
                case .unset: break
                case .invalid(let found):
                    warnings.append(EvaluationWarning(
                        code: "invalid_setting", id: reminder.id,
                        message: "user.\(setting) is \(found), not a time of day as \"HH:MM\", null or false; "
                            + "reminder '\(reminder.id)' is due at its at \(daily.at)"))
                }
            }
            for (day, moment) in facts.dailyMoments(at: time) {
                if let when = reminder.when {
                    let value = value(of: when, at: moment, unlocks: unlocks)
                    report.note(value, id: reminder.id, what: "reminder condition", expression: when)
                    guard case .bool(true) = value else { continue }
                }
                due.append(DueReminder(id: reminder.id, at: moment.now, kind: ReminderRule.dailyKind, day: day.description))
            }
        }
        return (due, warnings)
    }

    /// What a daily reminder's `setting` finds in the state's `user`.
    enum SettingTime {
        case time(LocalTime)
        /// `null` or `false`: the user turned the reminder off.
        case off
        /// No such key: the reminder's `at`.
        case unset
        /// Anything else, described.
        case invalid(String)
    }

    static func settingTime(_ user: CELValue, _ name: String) -> SettingTime {
        guard case .map(let map) = user, let value = map[string: name] else { return .unset }
        switch value {
        case .null, .bool(false): return .off
        case .string(let text):
            guard let time = LocalTime(text) else { return .invalid("'\(text)'") }
            return .time(time)
        default: return .invalid("\(value.typeName) \(value)")
        }
    }

    /// `expression` on the facts at a moment ahead: every fact variable from `facts`, the metrics
    /// as written in dependency order, `achievements` as unlocked by then. An expression whose
    /// text never names `metrics` (or `achievements`) cannot read them: they are not built.
    private func value(of expression: RuleExpression, at facts: FactSnapshot, unlocks: [String: UnlockDecision]) -> CELValue {
        var values = FactVariable.allCases.map { facts.value(of: $0) }
        if expression.source.contains("achievements"), let position = FactVariable.allCases.firstIndex(of: .achievements) {
            values[position] = achievementsValue(unlocks, at: facts.now.instant)
        }
        if expression.source.contains("metrics"), let position = FactVariable.allCases.firstIndex(of: .metrics) {
            var metrics: [(key: String, value: CELValue)] = []
            for metric in rules.metrics {
                values[position] = .map(CELMap(strings: metrics))
                let value = metric.expression.program.evaluate(CELActivation(shape: nowShape, values: values), costLimit: costLimit)
                metrics.append((metric.id, value))
            }
            values[position] = .map(CELMap(strings: metrics))
        }
        return expression.program.evaluate(CELActivation(shape: nowShape, values: values), costLimit: costLimit)
    }
}
