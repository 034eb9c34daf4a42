import Foundation
import Testing
import TestSupport

/// `rulecheck schema` (docs/guide.md, "Editor support"): a draft 2020-12 JSON Schema whose every
/// key has a description. `make test` also validates every rule file of the repository against it
/// with a real validator (Tests/schema/validate_rule_files.py).
@Suite struct SchemaCommandTests {
    /// Every `properties` entry, at any depth, carries a description; paths of those that do not.
    static func undocumented(_ node: JSONTree, path: String = "") -> [String] {
        var missing: [String] = []
        if case .object(let members) = node {
            if case .object(let properties)? = members["properties"] {
                for key in properties.keys.sorted() where properties[key]?["description"] == nil {
                    missing.append(path + "/" + key)
                }
            }
            for key in members.keys.sorted() {
                if let child = members[key] { missing += undocumented(child, path: path + "/" + key) }
            }
        } else if case .array(let items) = node {
            for (index, item) in items.enumerated() { missing += undocumented(item, path: path + "/\(index)") }
        }
        return missing
    }

    @Test(arguments: [[String](), ["--workspace"]])
    func everyKeyIsDescribed(flags: [String]) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["schema"] + flags)
        #expect(run.status == 0)
        let schema = try #require(JSONTree.parse(run.stdout), "not JSON")
        #expect(schema["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
        #expect(Self.undocumented(schema) == [])
    }

    /// The keys other parts of rulecheck accept are in the schema: locales, repeatable, meta,
    /// the new rule-test keys, and every achievement key the decoder reads.
    @Test func schemaKnowsTheNewKeys() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let schema = try #require(JSONTree.parse(try RulecheckRun.run(["schema"]).stdout))
        let defs = schema["$defs"]
        let achievement = defs?["achievement"]?["properties"]
        for key in ["id", "title", "description", "category", "rarity", "icon", "points", "hidden", "when",
                    "complete_module", "progress", "requires", "available", "repeatable", "meta"] {
            #expect(achievement?[key] != nil, "achievement.\(key)")
        }
        #expect(defs?["milestone"]?["properties"]?["repeatable"] != nil)
        #expect(defs?["streak"]?["properties"]?["backfill_days"] != nil)
        // history_days is an error since contract 1.1: any value fails the schema.
        #expect(defs?["streak"]?["properties"]?["history_days"]?["not"] != nil)
        #expect(defs?["level"]?["properties"]?["meta"] != nil)
        for key in ["unlocked_at", "modules", "holds", "metrics", "categories"] {
            #expect(defs?["expect"]?["properties"]?[key] != nil, "expect.\(key)")
        }
        // Contract 1.2: categories, shown metrics, expansion packs and full collections.
        #expect(schema["properties"]?["categories"] != nil)
        for key in ["id", "title", "description", "icon", "meta"] {
            #expect(defs?["category"]?["properties"]?[key] != nil, "category.\(key)")
        }
        for key in ["catalog", "module", "difficulty", "release", "levels"] {
            #expect(achievement?["complete_module"]?["properties"]?[key] != nil, "complete_module.\(key)")
        }
        let metricShapes = defs?["metrics"]?["additionalProperties"]?["anyOf"]?.arrayValue
        #expect(metricShapes?.count == 2)
        #expect(metricShapes?.last?["properties"]?["show"] != nil)
        #expect(defs?["text"]?["anyOf"]?.arrayValue?.count == 2)
    }

    /// Every rule file of the repository validates against the schema with a real JSON Schema
    /// validator (python3 with jsonschema and pyyaml, as .ci/run installs them).
    @Test func repositoryRuleFilesValidate() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.python(script: "Tests/schema/validate_rule_files.py")
        let text = run.stdout + run.stderr
        #expect(run.status == 0, "\(text) (needs: python3 -m pip install jsonschema pyyaml)")
        #expect(run.stdout.hasSuffix("files checked, 0 problems\n"), "\(text)")
    }
}
