import Foundation
import Testing
import TestSupport

/// A rule set's example state (`example:` in rulecheck.yaml) is checked by `validate`.
@Suite struct WorkspaceExampleTests {
    static func workspace(example: String, state: String) throws -> String {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = NSTemporaryDirectory() + "rulecheck-example-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/rules", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: RulecheckRun.packageRoot + "/rules/lifer", toPath: folder + "/rules/lifer")
        try state.write(toFile: folder + "/state.json", atomically: true, encoding: .utf8)
        try "schema: 1\nrulesets:\n  lifer: { paths: [rules/lifer], example: \(example) }\n"
            .write(toFile: folder + "/rulecheck.yaml", atomically: true, encoding: .utf8)
        return folder
    }

    @Test func aValidExampleStatePasses() throws {
        let state = try String(contentsOfFile: RulecheckRun.packageRoot + "/examples/lifer/new_user.json", encoding: .utf8)
        let folder = try Self.workspace(example: "state.json", state: state)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try RulecheckRun.run(["validate"], in: folder)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    @Test(arguments: [("state.json", "{\"now\": 3}"), ("missing.json", "{}")])
    func aBadExampleStateIsAnErrorAtItsValue(example: String, state: String) throws {
        let folder = try Self.workspace(example: example, state: state)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try RulecheckRun.run(["validate"], in: folder)
        #expect(run.status == 1)
        #expect(run.stdout.contains("rulecheck.yaml:3:43: error[E243]"), "\(run.stdout)\(run.stderr)")
    }
}
