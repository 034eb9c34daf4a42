import JSON
import RuleModel

extension RuleFileSchema {
    static var catalog: JSONValue {
        .object(object("A level catalog: modules and levels with the catalog version that released each.", [
            (CatalogRuleKey.id.rawValue, ref("id", "The catalog's id (catalogs.ID in CEL).")),
            (CatalogRuleKey.version.rawValue, integer("The released catalog version; levels with a higher release are scheduled.", minimum: 1)),
            (CatalogRuleKey.modules.rawValue, array(ref("module", "A module."), "The catalog's modules.")),
            (CatalogRuleKey.levels.rawValue, array(ref("level", "A level."), "The catalog's levels.")),
        ], required: CatalogRuleKey.names))
    }

    static var module: JSONValue {
        .object(object("A module of levels.", [
            (CatalogModuleRuleKey.id.rawValue, ref("id", "The module's id.")),
            (CatalogModuleRuleKey.title.rawValue, ref("text", "The title shown to users (a string or per locale).")),
            (CatalogModuleRuleKey.meta.rawValue, ref("meta", "Free app data; visible to CEL as the module record's meta.")),
        ], required: [CatalogModuleRuleKey.id.rawValue]))
    }

    static var level: JSONValue {
        .object(object("A level.", [
            (CatalogLevelRuleKey.id.rawValue, ref("id", "The level's id, unique across catalogs (levels.ID in CEL).")),
            (CatalogLevelRuleKey.module.rawValue, ref("id", "The module it belongs to.")),
            (CatalogLevelRuleKey.title.rawValue, ref("text", "The title shown to users (a string or per locale).")),
            (CatalogLevelRuleKey.asset.rawValue, string("The app's asset name.")),
            (CatalogLevelRuleKey.difficulties.rawValue, array(string("A difficulty name."), "The difficulties it can be played at.")),
            (CatalogLevelRuleKey.counts.rawValue, boolean("Whether it counts for module achievements (default true).")),
            (CatalogLevelRuleKey.release.rawValue, integer("The catalog version that released it (default 1).", minimum: 1)),
            (CatalogLevelRuleKey.meta.rawValue, ref("meta", "Free app data (a grid size); visible to CEL as the level record's meta.")),
        ], required: [CatalogLevelRuleKey.id.rawValue, CatalogLevelRuleKey.module.rawValue]))
    }

    static var test: JSONValue {
        .object(object("A rule test: a state, evaluated at now, and what the decision must show.", [
            (RuleTestKey.name.rawValue, string("What the test shows, printed when it fails.")),
            (RuleTestKey.state.rawValue, .object(JSONObject([
                ("description", .string("The state: a file path relative to the tests file, or the state inline.")),
                ("anyOf", .array([
                    string("A state file (JSON, or YAML by extension), relative to the tests file."),
                    .object(object("An inline state (docs/guide.md: the state file).", [], closed: false)),
                ])),
            ]))),
            (RuleTestKey.now.rawValue, ref("timestamp", "The evaluation moment (default: the state's now).")),
            (RuleTestKey.badEvents.rawValue, string("An event that cannot be read: reject (the test fails) or skip (left out, a bad_event warning).",
                                  oneOf: ["reject", "skip"])),
            (RuleTestKey.expect.rawValue, ref("expect", "What the decision must show; only what is listed is checked.")),
        ], required: [RuleTestKey.name.rawValue, RuleTestKey.state.rawValue, RuleTestKey.expect.rawValue]))
    }

    static var expect: JSONValue {
        let ids: (String) -> JSONValue = { array(ref("id", "An achievement or milestone id."), $0) }
        typealias Progress = RuleTestExpectFields.Progress
        typealias Streak = RuleTestExpectFields.Streak
        typealias Module = RuleTestExpectFields.Module
        let progress = object("Expected progress figures.", [
            (Progress.current.rawValue, number("The current value.")), (Progress.target.rawValue, number("The target value.")),
        ])
        let streak = object("Expected streak fields.", [
            (Streak.current.rawValue, integer("The current run in days.")), (Streak.longest.rawValue, integer("The longest run in days.")),
            (Streak.totalDays.rawValue, integer("Qualifying days in total.")), (Streak.freezesAvailable.rawValue, integer("Freezes held.")),
            (Streak.status.rawValue, string("The streak's status.", oneOf: ["active", "at_risk", "frozen", "broken", "none"])),
            (Streak.lastDay.rawValue, .object(JSONObject([("type", .array([.string("string"), .string("null")])),
                                             ("description", .string("The last qualifying day (YYYY-MM-DD), or null."))]))),
        ])
        let module = object("The module achievement's catalog figures.", [
            (Module.catalogVersion.rawValue, integer("The catalog version recorded at the unlock.")),
            (Module.newLevels.rawValue, integer("Counted levels released since the unlock (0: none).", minimum: 0)),
        ])
        return .object(object("What the evaluation must give.", [
            (RuleTestExpectKey.unlocks.rawValue, ids("Exactly these new unlocks (a repeatable award once per unlock).")),
            (RuleTestExpectKey.unlocked.rawValue, ids("These are unlocked (new or stored).")),
            (RuleTestExpectKey.locked.rawValue, ids("These are still locked.")),
            (RuleTestExpectKey.progress.rawValue, map("Progress per award.", values: .object(progress))),
            (RuleTestExpectKey.streaks.rawValue, map("Streak fields per streak.", values: .object(streak))),
            (RuleTestExpectKey.points.rawValue, integer("The user's points.")),
            (RuleTestExpectKey.rank.rawValue, string("The user's rank id.")),
            (RuleTestExpectKey.warnings.rawValue, array(string("A warning code (docs/warnings.md)."), "Exactly these warning codes, as a set.")),
            (RuleTestExpectKey.unlockedAt.rawValue, map("When each award unlocked (the instant; any offset).",
                                values: ref("timestamp", "The unlock instant."))),
            (RuleTestExpectKey.modules.rawValue, map("Module achievements' catalog figures.", values: .object(module))),
            (RuleTestExpectKey.holds.rawValue, array(ref("cel", "A CEL condition that must be true at now."), "Conditions true at now.")),
            (RuleTestExpectKey.metrics.rawValue, .object(JSONObject([
                ("type", .string("object")),
                ("description", .string("The value at now of each metric with show: true (numbers compared by value).")),
            ]))),
            (RuleTestExpectKey.categories.rawValue, map("The exact awards of each category, in any order.",
                               values: array(ref("id", "An award id."), "The category's awards."))),
            (RuleTestExpectKey.upcoming.rawValue, expectedComing("Exactly these upcoming changes, in order.",
                                                                   keys: RuleTestExpectFields.Coming.upcoming)),
            (RuleTestExpectKey.reminders.rawValue, expectedComing("Exactly these due reminders, in order.",
                                                                    keys: RuleTestExpectFields.Coming.names)),
        ]))
    }
}
