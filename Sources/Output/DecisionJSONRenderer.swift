import Evaluation
import Facts

/// The JSON decision of SPEC 6, deterministic to the byte: keys in the order of the contract,
/// two-space indentation, ints as ints, doubles in their shortest round-trip form, times in
/// RFC 3339 with their offsets, UTF-8 text unescaped except where JSON requires it.
public struct DecisionJSONRenderer: Sendable {
    public init() {}

    public func render(_ decision: Decision) -> String {
        JSONWriter.write(.object(Self.json(decision)), layout: .pretty(indent: 2)) + "\n"
    }

    /// The same decision on one line (NDJSON, `eval --batch`).
    public func renderLine(_ decision: Decision) -> String {
        JSONWriter.write(.object(Self.json(decision)), layout: .compact) + "\n"
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
        var object = JSONObject([("code", .string(warning.code)), ("message", .string(warning.message))])
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
