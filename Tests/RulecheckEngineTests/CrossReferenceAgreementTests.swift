import Foundation
import JSON
import RulecheckEngine
import Rules
import Testing

/// Cross-references are checked twice, for two kinds of input: the YAML loader checks rule
/// files (`RuleSetChecker`, diagnostics at file:line:column) and the bundle reader checks a
/// compiled bundle (`RuleBundleCheck`, errors at a JSON path). This proves they refuse the same
/// mistakes: each row breaks one reference both ways, and both must say no.
@Suite struct CrossReferenceAgreementTests {
    struct Mistake: Sendable, CustomTestStringConvertible {
        var name: String
        /// The rules.yaml text with the mistake, from the clean one.
        var yaml: @Sendable (String) -> String
        var code: String
        var bundle: @Sendable (inout JSONValue) -> Void
        var message: String
        var testDescription: String { name }
    }

    static let rules = """
        schema: 1
        categories:
          - { id: focus, title: Focus }
        achievements:
          - { id: first, title: First, category: focus, when: size(events) >= 1 }
          - { id: second, title: Second, category: focus, when: size(events) >= 2, requires: [first] }
          - { id: album, title: Album, category: focus, complete_module: { catalog: game, module: spring } }
        """
    static let catalog = """
        schema: 1
        catalog:
          id: game
          version: 1
          modules: [{ id: spring, title: Spring }]
          levels: [{ id: spring_01, module: spring, title: One }]
        """

    static let mistakes: [Mistake] = [
        Mistake(name: "requires an unknown award", yaml: { $0.replacingOccurrences(of: "requires: [first]", with: "requires: [nope]") },
                code: "E304", bundle: { $0.set(["achievements", 1, "requires"], .array([.string("nope")])) },
                message: "requires 'nope'"),
        Mistake(name: "an award id used twice", yaml: { $0.replacingOccurrences(of: "id: second", with: "id: first") },
                code: "E401", bundle: { $0.set(["achievements", 1, "award", "id"], .string("first")) },
                message: "is used twice"),
        Mistake(name: "an unknown module", yaml: { $0.replacingOccurrences(of: "module: spring", with: "module: autumn") },
                code: "E306", bundle: { $0.set(["achievements", 2, "complete_module", "module"], .string("autumn")) },
                message: "module 'autumn'"),
        Mistake(name: "an unknown category", yaml: { $0.replacingOccurrences(of: "id: second, title: Second, category: focus",
                                                                             with: "id: second, title: Second, category: fcous") },
                code: "E312", bundle: { $0.set(["achievements", 1, "award", "category"], .string("fcous")) },
                message: "category 'fcous'"),
    ]

    static func load(_ rules: String) throws -> RuleSetLoadResult {
        RuleSetLoader.load(texts: [(file: "catalog.yaml", text: catalog), (file: "rules.yaml", text: rules)])
    }

    @Test("the loader and the bundle reader refuse the same mistake", arguments: mistakes)
    func bothRefuse(_ mistake: Mistake) throws {
        let clean = try Self.load(Self.rules)
        let ruleSet = try #require(clean.ruleSet, "\(clean.diagnostics.map(\.message))")
        #expect(clean.errorCount == 0)
        // The loader says no at the place of the mistake.
        let broken = try Self.load(mistake.yaml(Self.rules))
        #expect(broken.diagnostics.contains { $0.code == mistake.code }, "\(broken.diagnostics.map(\.code))")
        // The bundle reader says no to the same mistake in a compiled bundle.
        var document = try JSONParser.parse(RuleBundle.json(of: ruleSet))
        _ = try EngineRules(bundle: Array(JSONWriter.write(document).utf8), file: "rules.json")
        mistake.bundle(&document)
        do {
            _ = try EngineRules(bundle: Array(JSONWriter.write(document).utf8), file: "rules.json")
            Issue.record("\(mistake.name): the bundle was read")
        } catch {
            #expect(error.message.contains(mistake.message), "\(mistake.name): \(error)")
        }
    }
}
