import JSON
import RuleModel

/// Reminders in the bundle: the `reminders` list `RuleBundleEncoder.reminders` writes, checked as
/// the YAML loader checks them (a kind of `upcoming`, a streak of the bundle with a streak kind only,
/// `before` within 0 … 7 days, unique ids, `when` a condition). A bundle without the key has no
/// reminders.
extension RuleBundleDecoder {
    func reminders(_ list: BundleNode?, streaks: [String]) throws(RuleBundleError) -> [ReminderRule] {
        guard let list else { return [] }
        var seen: Set<String> = []
        return try list.map { (node) throws(RuleBundleError) in
            let idNode = try node.field(ReminderRuleKey.id)
            let id = try idNode.string()
            guard seen.insert(id).inserted else { throw idNode.error("reminder id '\(id)' is used twice") }
            let onNode = try node.field(ReminderRuleKey.on)
            if try onNode.string() == ReminderRule.dailyKind { return try dailyReminder(node, id: id) }
            guard let on = UpcomingKind(rawValue: try onNode.string()) else {
                throw onNode.error("'\(try onNode.string())' is not a kind of upcoming change")
            }
            let streakNode = try node.optional(ReminderRuleKey.streak)
            let streak = try streakNode?.string()
            if let streakNode, let streak {
                guard on.isStreakKind else { throw streakNode.error("a reminder on '\(on.rawValue)' names no streak") }
                guard streaks.contains(streak) else { throw streakNode.error("no streak '\(streak)' in the bundle") }
            }
            let beforeNode = try node.field(RuleBundleField.beforeSeconds)
            let before = try beforeNode.int()
            guard (0...ReminderRule.longestBefore).contains(before) else {
                throw beforeNode.error("before_seconds must be between 0 and \(ReminderRule.longestBefore), found \(before)")
            }
            return ReminderRule(
                id: id, title: try node.field(ReminderRuleKey.title).string(), localizedTitle: try text(node.field(RuleBundleField.localizedTitle)),
                on: on, streak: streak, beforeSeconds: before,
                when: try node.optional(ReminderRuleKey.when).map { (n) throws(RuleBundleError) in try expression(n, scope: .rule, expecting: .bool) },
                meta: try node.optional(ReminderRuleKey.meta).map { (n) throws(RuleBundleError) in try Self.meta(n) },
                span: try span(node.field(RuleBundleField.at)))
        }
    }

    /// An `on: daily` entry: `daily_at` a time of day, `setting` optional, no streak and a
    /// `before_seconds` of 0.
    private func dailyReminder(_ node: BundleNode, id: String) throws(RuleBundleError) -> ReminderRule {
        let atNode = try node.field(RuleBundleField.dailyAt)
        guard let time = LocalTime(try atNode.string()) else { throw atNode.error("daily_at must be a time as HH:MM") }
        if let streak = try node.optional(ReminderRuleKey.streak) { throw streak.error("a daily reminder names no streak") }
        let beforeNode = try node.field(RuleBundleField.beforeSeconds)
        guard try beforeNode.int() == 0 else { throw beforeNode.error("a daily reminder has a before_seconds of 0") }
        return ReminderRule(
            id: id, title: try node.field(ReminderRuleKey.title).string(), localizedTitle: try text(node.field(RuleBundleField.localizedTitle)),
            daily: ReminderRule.Daily(at: time, setting: try node.optional(ReminderRuleKey.setting)?.string()),
            when: try node.optional(ReminderRuleKey.when).map { (n) throws(RuleBundleError) in try expression(n, scope: .rule, expecting: .bool) },
            meta: try node.optional(ReminderRuleKey.meta).map { (n) throws(RuleBundleError) in try Self.meta(n) },
            span: try span(node.field(RuleBundleField.at)))
    }
}
