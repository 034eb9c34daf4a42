import Foundation
import Testing
import TestSupport

/// `rulecheck compile` writes a bundle that `rulecheck eval` decides with exactly as with the YAML.
@Suite struct CompileCommandTests {
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-compile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(arguments: [
        ("taskmate", ["rules/taskmate"], "examples/taskmate/long_time_user.json"),
        ("puzzle", ["rules/puzzle", "catalogs/puzzle"], "examples/puzzle/catalog_release.json"),
        ("skinlab", ["rules/skinlab"], "examples/skinlab/freeze.json"),
    ])
    func compiledBundleEvaluatesLikeTheYAML(ruleset: String, paths: [String], state: String) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("rules.json").path
        let compile = try RulecheckRun.run(["compile", "--ruleset", ruleset, "-o", bundle])
        #expect(compile.status == 0, "\(compile.stderr)")
        #expect(compile.stdout.isEmpty)
        let byPaths = try RulecheckRun.run(["compile"] + paths)
        #expect(byPaths.status == 0)
        #expect(byPaths.stdout == (try String(contentsOfFile: bundle, encoding: .utf8)), "paths and --ruleset give one bundle")
        let fromYAML = try RulecheckRun.run(["eval"] + paths + ["--state", state, "--format", "json"])
        let fromBundle = try RulecheckRun.run(["eval", bundle, "--state", state, "--format", "json"])
        #expect(fromYAML.status == 0)
        #expect(fromBundle.status == 0, "\(fromBundle.stderr)")
        #expect(fromBundle.stdout == fromYAML.stdout)
    }

    @Test func ruleErrorsWriteNothing() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = folder.appendingPathComponent("bad.yaml")
        try "schema: 1\nachievements:\n  - id: a\n    title: A\n    when: metrics.nope >= 1\n".write(to: rules, atomically: true, encoding: .utf8)
        let bundle = folder.appendingPathComponent("rules.json").path
        let run = try RulecheckRun.run(["compile", rules.path, "-o", bundle])
        #expect(run.status == 1)
        #expect(run.stderr.contains("bad.yaml:5:"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: bundle))
    }

    @Test func damagedBundleNamesItsPath() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let compile = try RulecheckRun.run(["compile", "rules/lifer"])
        let damaged = compile.stdout.replacingOccurrences(of: "\"version\": 2,", with: "\"version\": 7,")
        let bundle = folder.appendingPathComponent("rules.json").path
        try damaged.write(toFile: bundle, atomically: true, encoding: .utf8)
        let run = try RulecheckRun.run(["eval", bundle, "--state", "examples/lifer/new_user.json"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("rules.json: version: bundle format version 7 is not supported"), "\(run.stderr)")
    }
}
