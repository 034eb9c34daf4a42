import Foundation
import Testing
import YAMLSource
import TestSupport

/// `ColumnZeroKeys`: the root keys read from the lines at column 0 up to the first key it stops
/// at, and nil for anything before it that needs libyaml to tell (a quoted or complex key, a
/// document marker, a flow root, content before the first key).
@Suite struct ColumnZeroKeysTests {
    @Test(arguments: [
        ("schema: 1\ntests:\n  - name: a\n    state: x.json\n", ["schema", "tests"]),
        ("# rule tests\n\nschema: 1\r\ntests: []\r\n", ["schema", "tests"]),
        ("tests:\n  - name: |\n      text\n# a comment\n", ["tests"]),
        ("tests:\n  - name: \"a\nb\"\n", nil),
        ("schema: 1\nachievements: []\n", ["schema", "achievements"]),
        ("schema: 1\nachievements:\n  - id: a\n\"tests\": []\n", ["schema", "achievements"]),
        ("\"schema\": 1\nachievements: []\n", nil),
        ("schema: 1\n\"tests\": []\n", nil),
        ("schema: 1\n---\ntests: []\n", nil),
        ("{schema: 1, tests: []}\n", nil),
        ("  schema: 1\ntests: []\n", nil),
        ("schema:1\ntests: []\n", nil),
        ("schema: 1\ntests: [\n]\n", nil),
        ("schema: 1\n? tests\n: []\n", nil),
        ("\u{FEFF}tests: []\n", nil),
        ("# nothing but a comment\n", nil),
        ("", nil),
    ] as [(String, [String]?)])
    func keysOrNil(text: String, keys: [String]?) {
        let found = ColumnZeroKeys(bytes: Array(text.utf8)).keys(stoppingAt: { $0 != "schema" && $0 != "tests" })
        #expect(found == keys, "\(text.prefix(60))")
    }

    /// Every YAML file of the repository that libyaml scans to its end, or to the first key other
    /// than `schema` and `tests`: where the lines at column 0 give keys, they are the keys
    /// libyaml finds.
    @Test(arguments: [false, true])
    func agreesWithTheScanOnEveryFile(stopsAtForeignKeys: Bool) throws {
        let stop: (String) -> Bool = { stopsAtForeignKeys && $0 != "schema" && $0 != "tests" }
        let root = Repository.root
        var compared = 0
        for folder in ["rules", "catalogs", "Tests"] {
            let base = root.appendingPathComponent(folder).path
            let found = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
            for file in found where file.hasSuffix(".yaml") || file.hasSuffix(".yml") {
                let path = base + "/" + file
                guard let scanned = YAMLLoader.topLevelKeys(path: path, stoppingAt: stop),
                      let data = FileManager.default.contents(atPath: path),
                      let keys = ColumnZeroKeys(bytes: Array(data)).keys(stoppingAt: stop)
                else { continue }
                #expect(keys == scanned, "\(path)")
                compared += 1
            }
        }
        #expect(compared > 100)
    }
}
