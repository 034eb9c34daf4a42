import Facts

/// A reminder of the rules that is due for one upcoming change (docs/evaluation.md): an app schedules a
/// notification at `at`, replacing the ones it scheduled at its last evaluation.
public struct DueReminder: Sendable, Hashable {
    /// The reminder's id in the rules.
    public var id: String
    /// The change's moment minus the reminder's `before`; always after `now`.
    public var at: Moment
    /// The kind of the change it is for (the reminder's `on`).
    public var kind: String
    public var streak: String?
    public var day: String?
    public var achievement: String?

    public init(id: String, at: Moment, kind: String, streak: String? = nil, day: String? = nil, achievement: String? = nil) {
        self.id = id
        self.at = at
        self.kind = kind
        self.streak = streak
        self.day = day
        self.achievement = achievement
    }

    /// By time, then id (equal ones in their order).
    static func ordered(_ due: [DueReminder]) -> [DueReminder] {
        let order = due.indices.sorted { a, b in
            due[a].at.instant != due[b].at.instant ? due[a].at.instant < due[b].at.instant
                : due[a].id != due[b].id ? due[a].id < due[b].id : a < b
        }
        return order.map { due[$0] }
    }

    /// The id of what changes, whichever of `streak`, `day` and `achievement` it is.
    public var subject: String { streak ?? day ?? achievement ?? "" }
}
