import CEL
import Evaluation
import Facts
import JSON
import RuleModel
import Rules

/// The JSON decision of docs/evaluation.md, "The decision", deterministic to the byte: keys in the order of the contract,
/// two-space indentation, ints as ints, doubles in their shortest round-trip form, times in
/// RFC 3339 with their offsets, UTF-8 text unescaped except where JSON requires it.
///
/// Titles of awards are not part of the decision (an app shows its own, per locale, from the
/// rules); each award's and streak's `meta` is, as written (docs/evaluation.md, "meta"), and so
/// is the rule set's `categories` list with its titles in the locale asked for
/// (docs/evaluation.md, "Categories").
package struct DecisionJSONRenderer: Renderer {
    /// `meta` of awards and streaks by id.
    let meta: [String: CELValue]
    /// The rule set's categories, titles in the locale shown; empty without `categories`.
    let categories: [CategoryRule]
    /// `meta` of reminders by id (their own namespace).
    let reminderMeta: [String: CELValue]

    package init() {
        meta = [:]
        categories = []
        reminderMeta = [:]
    }

    /// A renderer that adds each award's and streak's `meta` from `rules`, and the categories
    /// with their titles in `locale` (the default text without one).
    package init(rules: RuleSet, locale: String? = nil) {
        var meta: [String: CELValue] = [:]
        for streak in rules.streaks {
            meta[streak.id] = streak.meta
            for milestone in streak.milestones { meta[milestone.info.id] = milestone.info.meta }
        }
        for achievement in rules.achievements { meta[achievement.info.id] = achievement.info.meta }
        self.meta = meta
        categories = rules.categories.map { $0.localized(to: locale) }
        reminderMeta = Dictionary(rules.reminders.compactMap { reminder in reminder.meta.map { (reminder.id, $0) } },
                                  uniquingKeysWith: { first, _ in first })
    }

    package func render(_ decision: Decision) -> String {
        var writer = JSONStreamWriter(layout: .pretty(indent: 2))
        write(decision, to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self) + "\n"
    }

    /// The same decision on one line (NDJSON, `eval --batch`), newline included, as UTF-8 bytes:
    /// a batch writes them as they are, so no string is made (and checked) per state.
    package func renderLine(_ decision: Decision) -> [UInt8] {
        var writer = JSONStreamWriter(layout: .compact)
        write(decision, to: &writer)
        writer.newline()
        return writer.bytes
    }

    /// The decision written straight to text: building it as a `JSONValue` first cost more than
    /// writing it (`eval --batch` writes one per state). Ids are unique in a checked rule set
    /// (E401), so each map's keys are written as they come.
    private func write(_ decision: Decision, to writer: inout JSONStreamWriter) {
        writer.beginObject()
        writer.member("schema", decision.schema)
        writer.member("user", decision.user)
        writer.member("now") { decision.now.appendDescription(to: &$0) }
        Self.array("unlocks", decision.unlocks, to: &writer) { Self.write($0, to: &$1) }
        Self.object("achievements", decision.achievements, id: \.id, to: &writer) { Self.write($0, meta: meta[$0.id], to: &$1) }
        if !categories.isEmpty {
            Self.array("categories", categories, to: &writer) { Self.write($0, to: &$1) }
        }
        Self.object("streaks", decision.streaks, id: \.id, to: &writer) { Self.write($0, meta: meta[$0.id], to: &$1) }
        writer.member("points", decision.points)
        writer.key("rank")
        if let rank = decision.rank { Self.write(rank, to: &writer) } else { writer.null() }
        Self.object("metrics", decision.metrics, id: \.id, to: &writer) { $1.value($0.value) }
        Self.array("upcoming", decision.upcoming, to: &writer) { Self.write($0, to: &$1) }
        Self.array("reminders", decision.reminders, to: &writer) { Self.write($0, meta: reminderMeta[$0.id], to: &$1) }
        Self.array("warnings", decision.warnings, to: &writer) { Self.write($0, to: &$1) }
        writer.endObject()
    }

    // The decision's lists and maps go through these, this module's own, and not the writer's
    // generic `array` and `object`: called from here, those are not specialized and fetch
    // each item through the generic iterator.

    /// `key` and an array with an element per item.
    private static func array<Item>(_ key: StaticString, _ items: [Item], to writer: inout JSONStreamWriter,
                                    _ element: (Item, inout JSONStreamWriter) -> Void) {
        writer.key(key)
        writer.beginArray()
        for item in items { element(item, &writer) }
        writer.endArray()
    }

    /// `key` and an object with a member per item, named by its (unique) id.
    private static func object<Item>(_ key: StaticString, _ items: [Item], id: (Item) -> String, to writer: inout JSONStreamWriter,
                                     _ value: (Item, inout JSONStreamWriter) -> Void) {
        writer.key(key)
        writer.beginObject()
        for item in items {
            writer.key(named: id(item))
            value(item, &writer)
        }
        writer.endObject()
    }

    /// Rule data (`meta`) as JSON: maps in written order, CEL scalars as JSON scalars.
    static func json(_ value: CELValue) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(number)
        case .uint(let number): number <= UInt64(Int64.max) ? .int(Int64(number)) : .double(Double(number))
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .list(let list): .array(list.map(json))
        case .map(let map): .object(JSONObject(map.entries.map { entry in
            if case .string(let key) = entry.key { return (key: key, value: json(entry.value)) }
            return (key: "\(entry.key)", value: json(entry.value))
        }))
        default: .string("\(value)")
        }
    }

    static func write(_ change: UpcomingChange, to writer: inout JSONStreamWriter) {
        writer.beginObject()
        writer.member("at") { change.at.appendDescription(to: &$0) }
        writer.member("kind", change.kind)
        writeSubject(streak: change.streak, day: change.day, achievement: change.achievement, to: &writer)
        writer.endObject()
    }

    static func write(_ reminder: DueReminder, meta: CELValue?, to writer: inout JSONStreamWriter) {
        writer.beginObject()
        writer.member("id", reminder.id)
        writer.member("at") { reminder.at.appendDescription(to: &$0) }
        writer.member("kind", reminder.kind)
        writeSubject(streak: reminder.streak, day: reminder.day, achievement: reminder.achievement, to: &writer)
        if let meta {
            writer.key("meta")
            writer.value(json(meta))
        }
        writer.endObject()
    }

    /// The one of `streak`, `day` and `achievement` an upcoming change names.
    private static func writeSubject(streak: String?, day: String?, achievement: String?, to writer: inout JSONStreamWriter) {
        if let streak { writer.member("streak", streak) }
        if let day { writer.member("day", day) }
        if let achievement { writer.member("achievement", achievement) }
    }

    static func write(_ unlock: UnlockDecision, to writer: inout JSONStreamWriter) {
        writer.beginObject()
        writer.member("id", unlock.id)
        writer.member("at") { unlock.at.appendDescription(to: &$0) }
        writer.member("points", unlock.points)
        if let version = unlock.catalogVersion { writer.member("catalog_version", version) }
        writer.endObject()
    }

    static func write(_ standing: AwardStanding, meta: CELValue?, to writer: inout JSONStreamWriter) {
        writer.beginObject()
        writer.member("state", standing.state.rawValue)
        writer.member("category", standing.category)
        if standing.hidden {
            writer.key("hidden")
            writer.bool(true)
        }
        if let at = standing.unlockedAt { writer.member("unlocked_at") { at.appendDescription(to: &$0) } }
        writer.key("progress")
        writer.beginObject()
        writer.key("current")
        write(standing.progress.current, to: &writer)
        writer.key("target")
        write(standing.progress.target, to: &writer)
        writer.endObject()
        if let version = standing.catalogVersion { writer.member("catalog_version", version) }
        if let added = standing.newLevels { writer.member("new_levels", added) }
        if let times = standing.times { writer.member("times", times) }
        if let waiting = standing.waitingFor { writer.array("waiting_for", waiting) { $1.string($0) } }
        if let meta {
            writer.key("meta")
            writer.value(json(meta))
        }
        writer.endObject()
    }

    static func write(_ streak: StreakStanding, meta: CELValue?, to writer: inout JSONStreamWriter) {
        writer.beginObject()
        writer.member("current", streak.current)
        writer.member("longest", streak.longest)
        writer.member("total_days", streak.totalDays)
        writer.member("status", streak.status)
        writer.member("freezes_available", streak.freezesAvailable)
        writer.key("last_day")
        if let day = streak.lastDay { writer.string(day) } else { writer.null() }
        if let meta {
            writer.key("meta")
            writer.value(json(meta))
        }
        writer.endObject()
    }

    /// `{ "id", "title", "description", "icon", "meta" }`, the optional ones when written.
    static func write(_ category: CategoryRule, to writer: inout JSONStreamWriter) {
        writer.beginObject()
        writer.member("id", category.id)
        writer.member("title", category.title)
        if let description = category.description { writer.member("description", description) }
        if let icon = category.icon { writer.member("icon", icon) }
        if let meta = category.meta {
            writer.key("meta")
            writer.value(json(meta))
        }
        writer.endObject()
    }

    static func write(_ rank: RankStanding, to writer: inout JSONStreamWriter) {
        writer.beginObject()
        writer.member("id", rank.id)
        writer.member("title", rank.title)
        writer.key("next")
        if let next = rank.next {
            writer.beginObject()
            writer.member("id", next.id)
            writer.member("min_points", next.minPoints)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.endObject()
    }

    static func write(_ warning: EvaluationWarning, to writer: inout JSONStreamWriter) {
        writer.beginObject()
        writer.member("code", warning.code)
        if let id = warning.id { writer.member("id", id) }
        writer.member("message", warning.message)
        if let event = warning.event { writer.member("event", event) }
        if let path = warning.path { writer.member("path", path) }
        if let count = warning.count { writer.member("count", count) }
        writer.endObject()
    }

    static func write(_ number: ProgressNumber, to writer: inout JSONStreamWriter) {
        switch number {
        case .int(let value): writer.int(value)
        case .double(let value): writer.double(value)
        }
    }
}
