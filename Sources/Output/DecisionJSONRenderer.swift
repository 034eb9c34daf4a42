import CEL
import Evaluation
import JSON
import RuleModel
import Rules

/// The JSON decision of docs/evaluation.md, "The decision", deterministic to the byte: keys in the order of the contract,
/// two-space indentation, ints as ints, doubles in their shortest round-trip form, times in
/// RFC 3339 with their offsets, UTF-8 text unescaped except where JSON requires it.
///
/// Titles are not part of the decision (an app shows its own, per locale, from the rules); each
/// award's and streak's `meta` is, as written (docs/evaluation.md, "meta").
package struct DecisionJSONRenderer: Renderer {
    /// `meta` of awards and streaks by id.
    let meta: [String: CELValue]

    package init() { meta = [:] }

    /// A renderer that adds each award's and streak's `meta` from `rules`.
    package init(rules: RuleSet) {
        var meta: [String: CELValue] = [:]
        for streak in rules.streaks {
            meta[streak.id] = streak.meta
            for milestone in streak.milestones { meta[milestone.info.id] = milestone.info.meta }
        }
        for achievement in rules.achievements { meta[achievement.info.id] = achievement.info.meta }
        self.meta = meta
    }

    package func render(_ decision: Decision) -> String {
        JSONWriter.write(.object(document(decision)), layout: .pretty(indent: 2)) + "\n"
    }

    /// The same decision on one line (NDJSON, `eval --batch`).
    package func renderLine(_ decision: Decision) -> String {
        // Written into one buffer with its newline: the text is copied once, into the String.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        JSONWriter.write(.object(document(decision)), layout: .compact, into: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private func document(_ decision: Decision) -> JSONObject {
        var object = Self.json(decision)
        if !meta.isEmpty {
            object["achievements"] = .object(JSONObject(decision.achievements.map { standing in
                var entry = Self.json(standing)
                if let value = meta[standing.id] { entry["meta"] = Self.json(value) }
                return (standing.id, .object(entry))
            }))
            object["streaks"] = .object(JSONObject(decision.streaks.map { streak in
                var entry = Self.json(streak)
                if let value = meta[streak.id] { entry["meta"] = Self.json(value) }
                return (streak.id, .object(entry))
            }))
        }
        return object
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

    static func json(_ decision: Decision) -> JSONObject {
        JSONObject([
            ("schema", .int(Int64(decision.schema))),
            ("user", .string(decision.user)),
            ("now", .string(decision.now.description)),
            ("unlocks", .array(decision.unlocks.map { .object(json($0)) })),
            ("achievements", .object(JSONObject(decision.achievements.map { ($0.id, .object(json($0))) }))),
            ("streaks", .object(JSONObject(decision.streaks.map { ($0.id, .object(json($0))) }))),
            ("points", .int(Int64(decision.points))),
            ("rank", decision.rank.map { .object(json($0)) } ?? .null),
            ("warnings", .array(decision.warnings.map { .object(json($0)) })),
        ])
    }

    static func json(_ unlock: UnlockDecision) -> JSONObject {
        var object = JSONObject([("id", .string(unlock.id)), ("at", .string(unlock.at.description)),
                                 ("points", .int(Int64(unlock.points)))])
        if let version = unlock.catalogVersion { object["catalog_version"] = .int(Int64(version)) }
        return object
    }

    static func json(_ standing: AwardStanding) -> JSONObject {
        var object = JSONObject([("state", .string(standing.state.rawValue)),
                                 ("category", .string(standing.category))])
        if standing.hidden { object["hidden"] = .bool(true) }
        if let at = standing.unlockedAt { object["unlocked_at"] = .string(at.description) }
        object["progress"] = .object(JSONObject([("current", json(standing.progress.current)),
                                                 ("target", json(standing.progress.target))]))
        if let version = standing.catalogVersion { object["catalog_version"] = .int(Int64(version)) }
        if let added = standing.newLevels { object["new_levels"] = .int(Int64(added)) }
        if let times = standing.times { object["times"] = .int(Int64(times)) }
        if let waiting = standing.waitingFor { object["waiting_for"] = .array(waiting.map { .string($0) }) }
        return object
    }

    static func json(_ streak: StreakStanding) -> JSONObject {
        JSONObject([
            ("current", .int(Int64(streak.current))), ("longest", .int(Int64(streak.longest))),
            ("total_days", .int(Int64(streak.totalDays))), ("status", .string(streak.status)),
            ("freezes_available", .int(Int64(streak.freezesAvailable))),
            ("last_day", streak.lastDay.map { .string($0) } ?? .null),
        ])
    }

    static func json(_ rank: RankStanding) -> JSONObject {
        JSONObject([
            ("id", .string(rank.id)), ("title", .string(rank.title)),
            ("next", rank.next.map { .object(JSONObject([("id", .string($0.id)), ("min_points", .int(Int64($0.minPoints)))])) } ?? .null),
        ])
    }

    static func json(_ warning: EvaluationWarning) -> JSONObject {
        var object = JSONObject([("code", .string(warning.code))])
        if let id = warning.id { object["id"] = .string(id) }
        object["message"] = .string(warning.message)
        if let event = warning.event { object["event"] = .int(Int64(event)) }
        return object
    }

    static func json(_ number: ProgressNumber) -> JSONValue {
        switch number {
        case .int(let v): .int(v)
        case .double(let v): .double(v)
        }
    }
}
