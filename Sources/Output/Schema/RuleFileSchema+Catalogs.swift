import JSON

extension RuleFileSchema {
    static var catalog: JSONValue {
        .object(object("A level catalog: modules and levels with the catalog version that released each.", [
            ("id", ref("id", "The catalog's id (catalogs.ID in CEL).")),
            ("version", integer("The released catalog version; levels with a higher release are scheduled.", minimum: 1)),
            ("modules", array(ref("module", "A module."), "The catalog's modules.")),
            ("levels", array(ref("level", "A level."), "The catalog's levels.")),
        ], required: ["id", "version", "modules", "levels"]))
    }

    static var module: JSONValue {
        .object(object("A module of levels.", [
            ("id", ref("id", "The module's id.")),
            ("title", ref("text", "The title shown to users (a string or per locale).")),
            ("meta", ref("meta", "Free app data; visible to CEL as the module record's meta.")),
        ], required: ["id"]))
    }

    static var level: JSONValue {
        .object(object("A level.", [
            ("id", ref("id", "The level's id, unique across catalogs (levels.ID in CEL).")),
            ("module", ref("id", "The module it belongs to.")),
            ("title", ref("text", "The title shown to users (a string or per locale).")),
            ("asset", string("The app's asset name.")),
            ("difficulties", array(string("A difficulty name."), "The difficulties it can be played at.")),
            ("counts", boolean("Whether it counts for module achievements (default true).")),
            ("release", integer("The catalog version that released it (default 1).", minimum: 1)),
            ("meta", ref("meta", "Free app data (a grid size); visible to CEL as the level record's meta.")),
        ], required: ["id", "module"]))
    }

    static var test: JSONValue {
        .object(object("A rule test: a state, evaluated at now, and what the decision must show.", [
            ("name", string("What the test shows, printed when it fails.")),
            ("state", .object(JSONObject([
                ("description", .string("The state: a file path relative to the tests file, or the state inline.")),
                ("anyOf", .array([
                    string("A state file (JSON, or YAML by extension), relative to the tests file."),
                    .object(object("An inline state (docs/guide.md: the state file).", [], closed: false)),
                ])),
            ]))),
            ("now", ref("timestamp", "The evaluation moment (default: the state's now).")),
            ("bad_events", string("An event that cannot be read: reject (the test fails) or skip (left out, a bad_event warning).",
                                  oneOf: ["reject", "skip"])),
            ("expect", ref("expect", "What the decision must show; only what is listed is checked.")),
        ], required: ["name", "state", "expect"]))
    }

    static var expect: JSONValue {
        let ids: (String) -> JSONValue = { array(ref("id", "An achievement or milestone id."), $0) }
        let progress = object("Expected progress figures.", [
            ("current", number("The current value.")), ("target", number("The target value.")),
        ])
        let streak = object("Expected streak fields.", [
            ("current", integer("The current run in days.")), ("longest", integer("The longest run in days.")),
            ("total_days", integer("Qualifying days in total.")), ("freezes_available", integer("Freezes held.")),
            ("status", string("The streak's status.", oneOf: ["active", "at_risk", "frozen", "broken", "none"])),
            ("last_day", .object(JSONObject([("type", .array([.string("string"), .string("null")])),
                                             ("description", .string("The last qualifying day (YYYY-MM-DD), or null."))]))),
        ])
        let module = object("The module achievement's catalog figures.", [
            ("catalog_version", integer("The catalog version recorded at the unlock.")),
            ("new_levels", integer("Counted levels released since the unlock (0: none).", minimum: 0)),
        ])
        return .object(object("What the evaluation must give.", [
            ("unlocks", ids("Exactly these new unlocks (a repeatable award once per unlock).")),
            ("unlocked", ids("These are unlocked (new or stored).")),
            ("locked", ids("These are still locked.")),
            ("progress", map("Progress per award.", values: .object(progress))),
            ("streaks", map("Streak fields per streak.", values: .object(streak))),
            ("points", integer("The user's points.")),
            ("rank", string("The user's rank id.")),
            ("warnings", array(string("A warning code (docs/warnings.md)."), "Exactly these warning codes, as a set.")),
            ("unlocked_at", map("When each award unlocked (the instant; any offset).",
                                values: ref("timestamp", "The unlock instant."))),
            ("modules", map("Module achievements' catalog figures.", values: .object(module))),
            ("holds", array(ref("cel", "A CEL condition that must be true at now."), "Conditions true at now.")),
            ("metrics", .object(JSONObject([
                ("type", .string("object")),
                ("description", .string("The value at now of each metric with show: true (numbers compared by value).")),
            ]))),
            ("categories", map("The exact awards of each category, in any order.",
                               values: array(ref("id", "An award id."), "The category's awards."))),
            ("upcoming", expectedComing("Exactly these upcoming changes, in order.", keys: ["at", "kind", "streak", "day", "achievement"])),
            ("reminders", expectedComing("Exactly these due reminders, in order.", keys: ["id", "at", "kind", "streak", "day", "achievement"])),
        ]))
    }
}
