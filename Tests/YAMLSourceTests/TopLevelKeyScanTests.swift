import Foundation
import Testing
import YAMLSource
import TestSupport

/// `YAMLLoader.topLevelKeys`: the keys of a root mapping without its tree, and nil for anything
/// the loader must look at itself (no mapping, two documents, a key that is no scalar, a syntax
/// error, nesting past the loader's bound).
@Suite struct TopLevelKeyScanTests {
    static let deep = "a: " + String(repeating: "[", count: 1_001) + String(repeating: "]", count: 1_001) + "\n"

    @Test(arguments: [
        ("schema: 1\ntests: []\n", ["schema", "tests"]),
        ("schema: 1\nachievements:\n  - id: a\n    when: 'x'\n    tests: [1]\ntests:\n  - name: n\n", ["schema", "achievements", "tests"]),
        ("{schema: 1, tests: [{a: b}]}", ["schema", "tests"]),
        ("# only a comment first\n'schema': 1\n\"tests\": {x: [1, 2]}\n", ["schema", "tests"]),
        ("schema: &one 1\nother: *one\n", ["schema", "other"]),
        ("a: [[[1]]]\n", ["a"]),
        ("", nil),
        ("- schema\n- tests\n", nil),
        ("just text\n", nil),
        ("schema: 1\n---\ntests: []\n", nil),
        ("schema: 1\n? [a]\n: b\n", nil),
        ("&k schema: 1\n*k : 2\n", nil),
        ("schema: 1\ntests: [\n", nil),
        ("schema: 1\n" + deep, nil),
    ] as [(String, [String]?)])
    func keysOrNil(text: String, keys: [String]?) {
        #expect(YAMLLoader.topLevelKeys(text: text) == keys, "\(text.prefix(60))")
    }

    /// Stopping at a key leaves the rest unread: a syntax error after it changes nothing.
    @Test func stopsAtTheKeyAskedFor() {
        let text = "schema: 1\nachievements: [\n  broken: {\n"
        #expect(YAMLLoader.topLevelKeys(text: text, stoppingAt: { $0 == "achievements" }) == ["schema", "achievements"])
        #expect(YAMLLoader.topLevelKeys(text: text) == nil)
    }

    /// Every YAML file of the repository (rules, catalogs, command-line cases, loader fixtures,
    /// broken ones included): where the loader builds a clean tree whose root maps plain keys
    /// (no `<<` merge), the scan finds the same keys in the same order; where the scan answers
    /// nil, the loader found an error, no mapping, or a key that is not a scalar.
    @Test func scanAgreesWithTheLoaderOnEveryFile() throws {
        let root = Repository.root
        var files: [String] = []
        for folder in ["rules", "catalogs", "Tests"] {
            let base = root.appendingPathComponent(folder).path
            let found = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
            files += found.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.map { base + "/" + $0 }
        }
        #expect(files.count > 200)
        var compared = 0
        for file in files {
            let scanned = YAMLLoader.topLevelKeys(path: file)
            let loaded = YAMLLoader.load(path: file)
            let clean = loaded.document != nil && !loaded.diagnostics.contains { $0.severity == .error }
            guard clean, case .mapping(let pairs)? = loaded.document?.root.kind else { continue }
            let keys = pairs.map(\.key.scalarText)
            if let scanned {
                guard !scanned.contains("<<") else { continue }
                #expect(scanned == keys.compactMap { $0 }, "\(file)")
                compared += 1
            } else {
                #expect(keys.contains { $0 == nil }, "\(file): the scan gave up on a clean file")
            }
        }
        #expect(compared > 150)
    }
}
