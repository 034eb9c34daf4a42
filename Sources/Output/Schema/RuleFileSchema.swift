import JSON
import RuleModel

/// `rulecheck schema`: a JSON Schema (draft 2020-12) of rule files and tests files, and of the
/// workspace file `rulecheck.yaml`, with a description on every key, for editors (VS Code's YAML
/// extension completes keys and shows the descriptions). It describes the shapes; what needs the
/// whole rule set (ids, references, CEL types) is left to `rulecheck validate`.
package enum RuleFileSchema {
    /// The schema of rule files, catalog files and tests files.
    package static var ruleFile: JSONValue {
        var top = object("A rulecheck rule file: rules, a level catalog, or rule tests (docs/rules.md).", [
            (RuleFileKey.schema.rawValue, integer("The rule file format version; always 1.", minimum: 1, maximum: 1)),
            (RuleFileKey.calendar.rawValue, ref("calendar", "What a day is: time zone, day start, kill time (at most one per rule set).")),
            (RuleFileKey.metrics.rawValue, ref("metrics", "Named CEL values, usable as metrics.NAME in every expression.")),
            (RuleFileKey.streaks.rawValue, array(ref("streak", "A streak."), "Runs of qualifying days, with milestones.")),
            (RuleFileKey.achievements.rawValue, array(ref("achievement", "An achievement."), "Achievements: criterion, progress, points.")),
            (RuleFileKey.ranks.rawValue, array(ref("rank", "A rank."), "User ranks by points, min_points strictly ascending from 0.")),
            (RuleFileKey.catalog.rawValue, ref("catalog", "A level catalog with release versions (a file of its own).")),
            (RuleFileKey.tests.rawValue, array(ref("test", "A rule test."), "Rule tests (a file of its own): states and what they must give.",
                            minItems: 1)),
            (RuleFileKey.categories.rawValue, array(ref("category", "A category."), "Award categories with names; awards must then name one.")),
            (RuleFileKey.reminders.rawValue, array(ref("reminder", "A reminder."), "Reminders on upcoming changes, in the decision's reminders.")),
            (RuleFileKey.events.rawValue, ref("events", "The tracking plan: event types and their attributes (at most one per rule set).")),
        ], required: ["schema"])
        top["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        top["$id"] = .string("https://rulecheck.dev/schema/rule-file.json")
        top["title"] = .string("rulecheck rule file")
        top["$defs"] = .object(JSONObject(definitions))
        return .object(top)
    }

    /// The schema of `rulecheck.yaml`.
    package static var workspaceFile: JSONValue {
        let pathList: [JSONValue] = [string("One file or folder."),
                                     array(string("A file or folder."), "The files and folders of the rule set.", minItems: 1)]
        let mapping = object("The rule set's paths and the example state editors evaluate it on.", [
            ("paths", .object(JSONObject([("description", .string("The files and folders of the rule set.")),
                                          ("anyOf", .array(pathList))]))),
            ("example", string("A state file, relative to rulecheck.yaml, that editors evaluate the rule set on.")),
        ], required: ["paths"])
        let paths: JSONValue = .object(JSONObject([
            ("description", .string("The files and folders of the rule set, relative to rulecheck.yaml: one path, a list, "
                                    + "or a mapping with 'paths' and an 'example' state.")),
            ("anyOf", .array(pathList + [.object(mapping)])),
        ]))
        var top = object("The rule sets of a repository, each checked on its own by rulecheck validate and test.", [
            ("schema", integer("The workspace file format version; always 1.", minimum: 1, maximum: 1)),
            ("rulesets", .object(JSONObject([
                ("type", .string("object")),
                ("description", .string("Rule set names ([a-z][a-z0-9_]*) and their paths.")),
                ("minProperties", .int(1)),
                ("propertyNames", .object(JSONObject([("pattern", .string(idPattern))]))),
                ("additionalProperties", paths),
            ]))),
        ], required: ["schema", "rulesets"])
        top["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        top["$id"] = .string("https://rulecheck.dev/schema/workspace.json")
        top["title"] = .string("rulecheck workspace (rulecheck.yaml)")
        return .object(top)
    }

    /// The schema as JSON text, pretty-printed, with a final newline.
    package static func text(_ schema: JSONValue) -> String {
        JSONWriter.write(schema, layout: .pretty(indent: 2)) + "\n"
    }

    static let idPattern = "^[a-z][a-z0-9_]*$"
    static let timestampPattern = #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|z|[+-][0-9]{2}:[0-9]{2})$"#

    static var definitions: [(key: String, value: JSONValue)] {
        shared + [
            ("calendar", calendar), ("metrics", metrics), ("streak", streak), ("milestone", milestone),
            ("achievement", achievement), ("rank", rank), ("catalog", catalog), ("module", module), ("level", level),
            ("test", test), ("expect", expect), ("category", category), ("reminder", reminder),
            ("events", events), ("eventType", eventType),
        ]
    }

    // MARK: building blocks

    static func object(_ description: String, _ properties: [(key: String, value: JSONValue)],
                       required: [String] = [], closed: Bool = true) -> JSONObject {
        var object = JSONObject([("type", .string("object")), ("description", .string(description)),
                                 ("properties", .object(JSONObject(properties)))])
        if !required.isEmpty { object["required"] = .array(required.map { .string($0) }) }
        if closed { object["additionalProperties"] = .bool(false) }
        return object
    }

    static func string(_ description: String, pattern: String? = nil, oneOf choices: [String]? = nil) -> JSONValue {
        var object = JSONObject([("type", .string("string")), ("description", .string(description))])
        if let pattern { object["pattern"] = .string(pattern) }
        if let choices { object["enum"] = .array(choices.map { .string($0) }) }
        return .object(object)
    }

    static func integer(_ description: String, minimum: Int? = nil, maximum: Int? = nil) -> JSONValue {
        var object = JSONObject([("type", .string("integer")), ("description", .string(description))])
        if let minimum { object["minimum"] = .int(Int64(minimum)) }
        if let maximum { object["maximum"] = .int(Int64(maximum)) }
        return .object(object)
    }

    static func boolean(_ description: String) -> JSONValue {
        .object(JSONObject([("type", .string("boolean")), ("description", .string(description))]))
    }

    static func number(_ description: String) -> JSONValue {
        .object(JSONObject([("type", .string("number")), ("description", .string(description))]))
    }

    static func array(_ items: JSONValue, _ description: String, minItems: Int? = nil) -> JSONValue {
        var object = JSONObject([("type", .string("array")), ("description", .string(description)), ("items", items)])
        if let minItems { object["minItems"] = .int(Int64(minItems)) }
        return .object(object)
    }

    static func ref(_ name: String, _ description: String) -> JSONValue {
        .object(JSONObject([("$ref", .string("#/$defs/\(name)")), ("description", .string(description))]))
    }

    /// A mapping from ids to values of one shape.
    static func map(_ description: String, values: JSONValue) -> JSONValue {
        .object(JSONObject([
            ("type", .string("object")), ("description", .string(description)),
            ("propertyNames", .object(JSONObject([("pattern", .string(idPattern))]))),
            ("additionalProperties", values),
        ]))
    }
}
