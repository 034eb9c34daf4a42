import Foundation
import RuleModel
import Rules
import Testing
import TestSupport

/// The repository's rule sets and example states, found from this file's place in the repository.
enum EngineFixtures {
    static let root = Repository.root.path

    static func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    /// Each product's rule paths (as `rulecheck.yaml` names them) and its example folder.
    static let products: [(name: String, rules: [String])] = [
        ("taskmate", ["rules/taskmate"]),
        ("puzzle", ["rules/puzzle", "catalogs/puzzle"]),
        ("weekyii", ["rules/weekyii"]),
        ("lifer", ["rules/lifer"]),
        ("skinlab", ["rules/skinlab"]),
    ]

    static func rules(_ product: String) throws -> RuleSet {
        let paths = try #require(products.first { $0.name == product }).rules.map(path)
        let loaded = RuleSetLoader.load(paths: paths, baseline: nil)
        #expect(loaded.errorCount == 0, "\(loaded.diagnostics.map(\.message))")
        return try #require(loaded.ruleSet)
    }

    /// The state files directly under `examples/PRODUCT/`, sorted.
    static func states(_ product: String) throws -> [String] {
        let folder = path("examples/" + product)
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
            .map { (folder as NSString).appendingPathComponent($0) }
    }
}
