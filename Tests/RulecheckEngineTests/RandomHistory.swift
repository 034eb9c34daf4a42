import Facts
import Foundation
import JSON
import StateFileYAML
import RulecheckEngine
import TestSupport

/// A random history for a product: events sampled from its long-time user's kinds of events
/// (type and attributes, without `date`s, which would point anywhere), at strictly increasing
/// times from minutes to two days apart, in the user's offset or a traveller's.
struct RandomHistory {
    var user: JSONObject
    var events: [EngineEvent]
    /// When the session starts (an hour before the first event); the state's `backfill.at`.
    var start: Moment

    init(product: String, seed: UInt64, count: Int) throws {
        var random = SeededGenerator(seed: seed)
        let example = try StateFile.load(path: EngineFixtures.path("examples/\(product)/long_time_user.json"))
        var userObject = JSONObject([("id", .string("random_\(seed)"))])
        if let zone = example.userTimeZone { userObject["timezone"] = .string(zone) }
        user = userObject
        let templates = example.events.map { event -> (type: String, attributes: JSONObject) in
            var attributes = event.attributes
            attributes["date"] = nil
            return (event.type, attributes)
        }
        var seconds: Int64 = 1_767_225_600 + Int64.random(in: 0..<86_400, using: &random)  // 2026-01-01
        start = Moment(unixSeconds: seconds - 3_600, offsetSeconds: 28_800)
        var made: [EngineEvent] = []
        for _ in 0..<count {
            let gap: Int64 = random.pick([60, 600, 3_600, 14_400, 72_000, 108_000, 180_000])
            seconds += gap + Int64.random(in: 0..<600, using: &random)
            let offset: Int = random.pick([28_800, 28_800, 28_800, 28_800, 3_600, -18_000])
            let template = random.pick(templates)
            made.append(EngineEvent(type: template.type, at: Moment(unixSeconds: seconds, offsetSeconds: offset),
                                    attributes: template.attributes))
        }
        events = made
    }

    /// The state before any event: the user, no events, `backfill.at` at the session's start.
    var emptyState: StateFile {
        get throws {
            let document = JSONObject([("schema", .int(1)), ("user", .object(user)), ("events", .array([])),
                                       ("backfill", .object(JSONObject([("at", .string(start.description))])))])
            return try StateFile.parse(json: JSONWriter.write(.object(document)))
        }
    }

    /// The state with every event at once.
    var fullState: StateFile {
        get throws {
            let document = JSONObject([("schema", .int(1)), ("user", .object(user)),
                                       ("events", .array(events.map { event in
                                           var object = JSONObject([("type", .string(event.type)), ("at", .string(event.at.description))])
                                           for (key, value) in event.attributes.entries { object[key] = value }
                                           return .object(object)
                                       })),
                                       ("backfill", .object(JSONObject([("at", .string(start.description))])))])
            return try StateFile.parse(json: JSONWriter.write(.object(document)))
        }
    }
}
