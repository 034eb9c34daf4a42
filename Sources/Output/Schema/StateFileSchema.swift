import JSON
import RuleModel

/// `rulecheck schema --state`: a JSON Schema (draft 2020-12) of a rule set's state files
/// (docs/state-file.md): the document's structure, and each event checked by its `type` against
/// the rule set's tracking plan (docs/rules.md, "events"), the reserved types with their
/// attributes. With a plan, a type outside it is refused, as `event_not_in_plan` reports it;
/// without one, any type is allowed. Attributes a type does not declare are allowed, as the check
/// allows them. An app's exporter checks what it writes with it, in the app team's own CI.
package enum StateFileSchema {
    /// The schema of the state files of a rule set with `plan` (`nil`: no plan).
    package static func schema(plan: EventPlan?) -> JSONValue {
        var top = RuleFileSchema.object("A rulecheck user state file (docs/state-file.md).", [
            ("schema", .object(JSONObject([("description", .string("The state file format version; always 1.")),
                                           ("const", .int(1))]))),
            ("user", .object(user)),
            ("now", timestamp("The evaluation moment, unless the command line gives --now.", nullable: true)),
            ("events", RuleFileSchema.array(ref("event", "One event."), "What the user did, each with its type and moment.")),
            ("levels", levels),
            ("counters", .object(JSONObject([("type", .array([.string("object"), .string("null")])),
                                             ("description", .string("Free counters the rules read as counters.NAME."))]))),
            ("unlocked", unlocked),
            ("backfill", backfill),
        ], required: ["schema", "user", "events"], closed: false)
        top["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        top["$id"] = .string("https://rulecheck.dev/schema/state-file.json")
        top["title"] = .string("rulecheck state file")
        top["$defs"] = .object(JSONObject(definitions(plan: plan)))
        return .object(top)
    }

    static func definitions(plan: EventPlan?) -> [(key: String, value: JSONValue)] {
        let types = plan?.types ?? EventPlan.reserved
        return [("timestamp", timestampDefinition), ("event", event(types: types, closed: plan != nil))]
            + types.map { ("event_" + $0.name, eventType($0)) }
    }

    // MARK: events

    /// An event: `type` and `at`, no computed name as an attribute, and the attributes of its type.
    static func event(types: [EventPlan.EventType], closed: Bool) -> JSONValue {
        var properties: [(key: String, value: JSONValue)] = [
            ("type", closed
                ? RuleFileSchema.string("The event type, one of the tracking plan's.", oneOf: types.map(\.name))
                : .object(JSONObject([("type", .string("string")), ("minLength", .int(1)),
                                      ("description", .string("The event type."))]))),
            ("at", ref("timestamp", "When it happened: RFC 3339 with a UTC offset or Z.")),
        ]
        for name in EventPlan.fixedNames where name != "type" && name != "at" {
            properties.append((name, .object(JSONObject([
                ("not", .object(JSONObject())),
                ("description", .string("rulecheck computes '\(name)' for every event: an event may not carry it.")),
            ]))))
        }
        var object = RuleFileSchema.object("One event of the state.", properties, required: ["type", "at"], closed: false)
        object["allOf"] = .array(types.map { type in
            .object(JSONObject([
                ("if", .object(JSONObject([("properties", .object(JSONObject([
                    ("type", .object(JSONObject([("const", .string(type.name)),
                                                 ("description", .string("An event of type '\(type.name)'."))]))),
                ]))), ("required", .array([.string("type")]))]))),
                ("then", .object(JSONObject([("$ref", .string("#/$defs/event_\(type.name)"))]))),
            ]))
        })
        return .object(object)
    }

    /// The attributes of one event type: each of its declared type (null too when optional),
    /// the required ones present.
    static func eventType(_ type: EventPlan.EventType) -> JSONValue {
        let description = type.title?.defaultText ?? (type.reserved ? "A reserved event type." : "An event type of the plan.")
        let properties = type.attributes.map { attribute in
            (key: attribute.name, value: self.attribute(attribute, of: type.name))
        }
        let required = type.attributes.filter { !$0.optional }.map(\.name)
        return .object(RuleFileSchema.object(description, properties, required: required, closed: false))
    }

    /// One attribute's schema: its type, and what the state decoder requires of a reserved one.
    static func attribute(_ attribute: EventPlan.Attribute, of type: String) -> JSONValue {
        let reserved = EventPlan.reserved.contains { $0.name == type && $0.attribute(named: attribute.name) != nil }
        var types: [String]
        var object = JSONObject()
        switch attribute.kind {
        case .int: types = ["integer"]
        case .double, .number: types = ["number"]
        case .string: types = ["string"]
        case .bool: types = ["boolean"]
        case .list: types = ["array"]
        case .map: types = ["object"]
        case .timestamp:
            types = ["string"]
            object["pattern"] = .string(timestampPattern)
            object["format"] = .string("date-time")
        }
        if reserved {
            switch attribute.name {
            case "time", "moves", "tasks": object["minimum"] = .int(0)
            case "date": object["pattern"] = .string(datePattern)
            case "to": types = []  // an invalid value is a warning (invalid_kill_time), not an error
            default: break
            }
        }
        if attribute.optional, !types.isEmpty { types.append("null") }
        object["description"] = .string(attribute.name == "to" && reserved
            ? "The new kill time, \"HH:MM\"." : "\(attribute.written)\(reserved ? " (reserved)" : "")")
        if types.count == 1 {
            object["type"] = .string(types[0])
        } else if !types.isEmpty {
            object["type"] = .array(types.map { .string($0) })
        }
        return .object(object)
    }

    // MARK: the rest of the document

    static var user: JSONObject {
        RuleFileSchema.object("The user: an id, and the IANA time zone when the rules read days in the user's.", [
            ("id", RuleFileSchema.string("The user's id.")),
            ("timezone", .object(JSONObject([("type", .array([.string("string"), .string("null")])),
                                             ("description", .string("An IANA time zone such as Asia/Shanghai."))]))),
        ], required: ["id"], closed: false)
    }

    static var levels: JSONValue {
        let level = RuleFileSchema.object("A level the user has completed, as the app stored it.", [
            ("completed", nullable("boolean", "Whether it is completed (default true).")),
            ("completed_at", timestamp("When it was first completed.", nullable: true)),
            ("best_time", nullable("number", "The best time in seconds.")),
            ("best_moves", nullable("integer", "The fewest moves.")),
            ("difficulties", .object(JSONObject([("type", .array([.string("array"), .string("null")])),
                                                 ("items", .object(JSONObject([("type", .string("string"))]))),
                                                 ("description", .string("The difficulties completed."))]))),
        ], closed: false)
        return .object(JSONObject([("type", .array([.string("object"), .string("null")])),
                                   ("description", .string("A snapshot of level progress, by level id.")),
                                   ("additionalProperties", .object(level))]))
    }

    static var unlocked: JSONValue {
        let entry = RuleFileSchema.object("An unlock the app already persisted.", [
            ("id", RuleFileSchema.string("The achievement or milestone id.")),
            ("at", ref("timestamp", "When it unlocked.")),
            ("catalog_version", nullable("integer", "The catalog version a module achievement unlocked at.")),
        ], required: ["id", "at"], closed: false)
        return .object(JSONObject([("type", .array([.string("array"), .string("null")])),
                                   ("description", .string("What the app already persisted: never revoked, never reported again.")),
                                   ("items", .object(entry))]))
    }

    static var backfill: JSONValue {
        var object = RuleFileSchema.object("The moment of the state's first evaluation (backfill_days).", [
            ("at", ref("timestamp", "The first evaluation's moment.")),
        ], required: ["at"], closed: false)
        object["type"] = .array([.string("object"), .string("null")])
        return .object(object)
    }

    // MARK: building blocks

    /// RFC 3339 with a UTC offset or Z, as rulecheck reads it (`T`/`t`, `Z`/`z`, up to nine
    /// fractional digits).
    static let timestampPattern = #"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,9})?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$"#
    static let datePattern = #"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"#

    static var timestampDefinition: JSONValue {
        .object(JSONObject([("type", .string("string")), ("pattern", .string(timestampPattern)), ("format", .string("date-time")),
                            ("description", .string("RFC 3339 with a UTC offset or Z: 2026-01-05T23:10:00+08:00."))]))
    }

    static func timestamp(_ description: String, nullable: Bool) -> JSONValue {
        guard nullable else { return ref("timestamp", description) }
        return .object(JSONObject([("description", .string(description)),
                                   ("anyOf", .array([.object(JSONObject([("$ref", .string("#/$defs/timestamp"))])),
                                                     .object(JSONObject([("type", .string("null"))]))]))]))
    }

    static func nullable(_ type: String, _ description: String) -> JSONValue {
        .object(JSONObject([("type", .array([.string(type), .string("null")])), ("description", .string(description))]))
    }

    static func ref(_ name: String, _ description: String) -> JSONValue {
        .object(JSONObject([("$ref", .string("#/$defs/\(name)")), ("description", .string(description))]))
    }
}
