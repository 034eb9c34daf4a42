import Evaluation
import Facts
import Foundation
import JSON
import Output
import RuleModel
import Rules
import StateFileYAML
import RulecheckEngine
import Testing

/// A compiled bundle decides exactly as the YAML rules it came from.
@Suite struct CompiledRulesTests {
    /// Every example state of every product: the decision JSON from the decoded bundle equals the
    /// one from the YAML rules, byte for byte; and the bundle reads back to the same bytes.
    @Test(arguments: EngineFixtures.products.map(\.name))
    func compiledRulesDecideLikeTheYAML(product: String) throws {
        let yaml = try EngineFixtures.rules(product)
        let bundle = RuleBundle.json(of: yaml)
        let compiled = try EngineRules(bundle: Array(bundle.utf8), file: "rules.json")
        #expect(compiled.bundleJSON == bundle, "decode then encode gives the same bundle")
        let states = try EngineFixtures.states(product)
        #expect(!states.isEmpty)
        for path in states {
            let state = try StateFile.load(path: path)
            let now = try #require(state.now, "\(path) has a now")
            let fromYAML = try UserEvaluation(rules: yaml, state: state, now: now).decision
            let fromBundle = try compiled.evaluate(state, at: now)
            let expected = DecisionJSONRenderer(rules: yaml).render(fromYAML)
            let actual = DecisionJSONRenderer(rules: compiled.ruleSet).render(fromBundle)
            #expect(actual == expected, "\(path)")
        }
    }

    /// The bundle names its format and version first, and keeps no rule tests.
    @Test func bundleHeader() throws {
        let bundle = RuleBundle.json(of: try EngineFixtures.rules("taskmate"))
        #expect(bundle.hasPrefix("{\n  \"format\": \"rulecheck-rules\",\n  \"version\": 2,\n"))
        #expect(!bundle.contains("\"tests\""))
    }

    /// A damaged bundle is refused with the JSON path of the bad value (and, for an expression,
    /// where its rule file had it).
    @Test(arguments: [
        BadBundle(name: "not JSON", edit: { $0 = .string("{\"format\": ") }, path: "format", message: "unexpected end of input", line: true),
        BadBundle(name: "other format", edit: { $0.set(["format"], .string("x")) }, path: "format",
                  message: "not a compiled rule bundle"),
        BadBundle(name: "newer version", edit: { $0.set(["version"], .int(3)) }, path: "version",
                  message: "version 3 is not supported (this engine reads versions 1 to 2)"),
        BadBundle(name: "version 0", edit: { $0.set(["version"], .int(0)) }, path: "version",
                  message: "version 0 is not supported"),
        BadBundle(name: "category of an award", edit: { $0.set(["achievements", 0, "award", "category"], .string("focsu")) },
                  path: "achievements[0].award.category", message: "category 'focsu' is not one of the bundle's categories"),
        BadBundle(name: "category of a milestone",
                  edit: { $0.set(["streaks", 0, "milestones", 0, "award", "category"], .string("streak")) },
                  path: "streaks[0].milestones[0].award.category", message: "category 'streak'"),
        BadBundle(name: "duplicate category", edit: { $0.set(["categories", 1, "id"], .string("focus")) },
                  path: "categories[1].id", message: "category id 'focus' is used twice"),
        BadBundle(name: "category title", edit: { $0.set(["categories", 0, "title"], .int(1)) },
                  path: "categories[0].title", message: "expected a string"),
        BadBundle(name: "metric show", edit: { $0.set(["metrics", 0, "show"], .string("yes")) },
                  path: "metrics[0].show", message: "expected"),
        BadBundle(name: "missing metrics", edit: { $0.set(["metrics"], nil) }, path: "$", message: "missing 'metrics'"),
        BadBundle(name: "bad CEL", edit: { $0.set(["achievements", 0, "when", "source"], .string("metrics.tasks >=")) },
                  path: "achievements[0].when.source", message: "unexpected end of input", source: true),
        BadBundle(name: "condition not bool", edit: { $0.set(["achievements", 0, "when", "source"], .string("1 + 2")) },
                  path: "achievements[0].when.source", message: "must be a condition (bool)", source: true),
        BadBundle(name: "unknown function", edit: { $0.set(["metrics", 0, "expression", "source"], .string("nosuch(1)")) },
                  path: "metrics[0].expression.source", message: "undeclared reference to 'nosuch'", source: true),
        BadBundle(name: "file index", edit: { $0.set(["metrics", 0, "expression", "at", 0], .int(99)) },
                  path: "metrics[0].expression.at[0]", message: "file index 99"),
        BadBundle(name: "line out of range", edit: { $0.set(["metrics", 0, "expression", "at", 1], .int(1 << 40)) },
                  path: "metrics[0].expression.at[1]", message: "line or column 1099511627776 is out of range"),
        BadBundle(name: "unknown requires", edit: { $0.set(["achievements", 1, "requires"], .array([.string("nope")])) },
                  path: "achievements[1].requires[0]", message: "requires 'nope'"),
        BadBundle(name: "award order", edit: { $0.set(["award_order"], .array([])) }, path: "award_order",
                  message: "does not list the award"),
        BadBundle(name: "rarity", edit: { $0.set(["achievements", 0, "award", "rarity"], .string("mythic")) },
                  path: "achievements[0].award.rarity", message: "expected one of"),
        BadBundle(name: "points", edit: { $0.set(["achievements", 0, "award", "points"], .string("10")) },
                  path: "achievements[0].award.points", message: "expected an integer"),
    ])
    func damagedBundleIsRefusedWithItsPath(_ bad: BadBundle) throws {
        var document = try JSONParser.parse(RuleBundle.json(of: try EngineFixtures.rules("taskmate")))
        bad.edit(&document)
        let text = if case .string(let raw) = document { raw } else { JSONWriter.write(document) }
        do {
            _ = try EngineRules(bundle: Array(text.utf8), file: "rules.json")
            Issue.record("\(bad.name): decoded")
        } catch {
            #expect(error.file == "rules.json")
            #expect(error.path.description == bad.path, "\(bad.name): \(error)")
            #expect(bad.message.isEmpty || error.message.contains(bad.message), "\(bad.name): \(error)")
            if bad.line { #expect(error.line != nil, "\(bad.name): \(error)") }
            if bad.source {
                let source = try #require(error.source, "\(bad.name): \(error)")
                #expect(source.file.hasSuffix("rules/taskmate/achievements.yaml") || source.file.hasSuffix("rules/taskmate/metrics.yaml"),
                        "\(bad.name): \(error)")
                #expect(error.description.contains("(written at "), "\(bad.name): \(error)")
            }
        }
    }
}

/// One way to damage a bundle and the error it must give.
struct BadBundle: Sendable, CustomTestStringConvertible {
    var name: String
    var edit: @Sendable (inout JSONValue) -> Void
    var path: String
    var message: String
    var line = false
    var source = false
    var testDescription: String { name }
}

extension JSONValue {
    /// Sets (or with `nil` removes) the value at a path of keys and indices.
    mutating func set(_ path: [Any], _ value: JSONValue?) {
        guard let first = path.first else {
            if let value { self = value }
            return
        }
        let rest = Array(path.dropFirst())
        switch (self, first) {
        case (.object(var object), let key as String):
            if rest.isEmpty {
                object[key] = value
            } else {
                var child = object[key] ?? .null
                child.set(rest, value)
                object[key] = child
            }
            self = .object(object)
        case (.array(var array), let index as Int) where array.indices.contains(index):
            if rest.isEmpty, let value { array[index] = value } else { array[index].set(rest, value) }
            self = .array(array)
        default:
            break
        }
    }
}
