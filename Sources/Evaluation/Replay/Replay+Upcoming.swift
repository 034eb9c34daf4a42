import CEL
import Facts
import RuleModel

extension Replay {
    /// `upcoming` (docs/evaluation.md): the facts' time-driven changes after `now`, and the bounds of the
    /// award windows in the same span (for the awards that can still unlock: locked, or
    /// repeatable), by time, kind and id.
    func upcoming(_ facts: inout some ReplayFacts, unlocks: [String: UnlockDecision]) -> [UpcomingChange] {
        guard let (horizon, changes) = facts.timeDrivenChanges() else { return [] }
        let now = facts.now.instant
        var entries = changes.map { Self.entry($0.kind, at: $0.at, subject: $0.subject) }
        for achievement in rules.achievements {
            guard let window = achievement.available, unlocks[achievement.info.id] == nil || achievement.info.repeatable
            else { continue }
            for (bound, kind) in [(window.from, UpcomingKind.availableFrom), (window.until, .availableUntil)] {
                guard let bound, bound > now, bound <= horizon.instant else { continue }
                let at = Moment(instant: bound, offsetSeconds: facts.reportingOffset(at: bound))
                entries.append(Self.entry(kind, at: at, subject: achievement.info.id))
            }
        }
        // Positions are sorted (kinds by name, as they are written), then the entries taken in that order.
        let order = entries.indices.sorted { a, b in
            let (x, y) = (entries[a], entries[b])
            if x.at.instant != y.at.instant { return x.at.instant < y.at.instant }
            if x.kind != y.kind { return x.kind < y.kind }
            return x.subject < y.subject
        }
        return order.map { entries[$0] }
    }

    private static func entry(_ kind: UpcomingKind, at: Moment, subject: String) -> UpcomingChange {
        switch kind {
        case .streakAtRisk, .streakFreezes, .streakBreaks, .freezeRefill:
            UpcomingChange(at: at, kind: kind.rawValue, streak: subject)
        case .dayExpires:
            UpcomingChange(at: at, kind: kind.rawValue, day: subject)
        case .availableFrom, .availableUntil:
            UpcomingChange(at: at, kind: kind.rawValue, achievement: subject)
        }
    }

    /// The reminders due for `upcoming` (docs/rules.md, `reminders[]`): each reminder whose `when` holds at `now`
    /// (an error counts as not holding and is noted in `report`), once per entry of its kind
    /// (and streak), `before` ahead of it and strictly after `now`; by time, then id.
    func dueReminders(_ upcoming: [UpcomingChange], facts: some ReplayFacts, values: ValuesAtNow,
                      report: inout RuleErrorReport) -> [DueReminder] {
        dueReminders(upcoming, facts: facts) { when in
            let value = values.value(of: when.expression, planned: nil)
            report.note(value, id: when.reminderID, what: "reminder condition", expression: when.expression)
            return value
        }
    }

    /// `dueReminders` with each `when` judged by `judge` (its value at `now`); the daily
    /// reminders are left to `dailyReminders`.
    func dueReminders(_ upcoming: [UpcomingChange], facts: some ReplayFacts,
                      judge: ((expression: RuleExpression, reminderID: String)) -> CELValue) -> [DueReminder] {
        guard !rules.reminders.isEmpty else { return [] }
        let now = facts.now.instant
        var due: [DueReminder] = []
        for reminder in rules.reminders {
            // Daily reminders are due at their time of day (`dailyReminders`), not on a change.
            guard let on = reminder.on else { continue }
            let entries = upcoming.filter { $0.kind == on.rawValue && (reminder.streak == nil || $0.streak == reminder.streak) }
            // Judged whether or not something is coming: a condition that errs is reported alike.
            if let when = reminder.when {
                let value = judge((when, reminder.id))
                guard case .bool(true) = value, !entries.isEmpty else { continue }
            }
            for entry in entries {
                let instant = CELTimestamp(seconds: entry.at.instant.seconds - Int64(reminder.beforeSeconds),
                                           nanos: entry.at.instant.nanos)
                guard instant > now else { continue }
                due.append(DueReminder(id: reminder.id, at: Moment(instant: instant, offsetSeconds: facts.reportingOffset(at: instant)),
                                       kind: entry.kind, streak: entry.streak, day: entry.day, achievement: entry.achievement))
            }
        }
        let order = due.indices.sorted { a, b in
            due[a].at.instant != due[b].at.instant ? due[a].at.instant < due[b].at.instant
                : due[a].id != due[b].id ? due[a].id < due[b].id : a < b
        }
        return order.map { due[$0] }
    }
}
