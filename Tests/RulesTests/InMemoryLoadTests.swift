import Diagnostics
import Foundation
import RuleModel
import Testing
import TestSupport
@testable import Rules

/// `RuleSetLoader.load(texts:)` reads rule files held in memory through the same path as files on
/// disk: the same files give the same diagnostics, rules and rule tests.
@Suite struct InMemoryLoadTests {
    static func texts(of paths: [String]) throws -> [(file: String, text: String)] {
        try RuleFileCollector.collect(paths: paths).files.map { (file: $0, text: try String(contentsOfFile: $0, encoding: .utf8)) }
    }

    @Test(arguments: [["rules/puzzle", "catalogs/puzzle"], ["rules/taskmate"], ["rules/weekyii"]])
    func textsLoadAsTheirFiles(paths: [String]) throws {
        let root = Repository.root.path
        let absolute = paths.map { root + "/" + $0 }
        let fromDisk = RuleSetLoader.load(paths: absolute, baseline: nil)
        let fromMemory = RuleSetLoader.load(texts: try Self.texts(of: absolute))
        #expect(fromMemory.diagnostics == fromDisk.diagnostics)
        #expect(fromMemory.files == fromDisk.files)
        #expect(fromMemory.tests.map(\.name) == fromDisk.tests.map(\.name))
        let (disk, memory) = (try #require(fromDisk.ruleSet), try #require(fromMemory.ruleSet))
        #expect(memory.achievements.map(\.info.id) == disk.achievements.map(\.info.id))
        #expect(memory.streaks.map(\.id) == disk.streaks.map(\.id))
        #expect(memory.metrics.map(\.id) == disk.metrics.map(\.id))
    }

    @Test func aTextWithAnErrorIsReportedAtItsName() {
        let result = RuleSetLoader.load(texts: [(file: "inline.yaml", text: "schema: 1\nachievements:\n  - id: a\n")])
        #expect(result.ruleSet == nil)
        #expect(result.diagnostics.contains { $0.severity == .error && $0.span?.file == "inline.yaml" })
    }
}
