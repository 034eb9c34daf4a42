import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// Rule paths that used to hang the command line: each run must end well within its timeout.
@Suite struct RulePathCLITests {
    static func folderWithTaskMate() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: RulecheckRun.packageRoot + "/rules/taskmate",
                                         toPath: folder.appendingPathComponent("taskmate").path)
        return folder
    }

    @Test func validateWithAFIFOInsideTheRulesFolderDoesNotBlock() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try Self.folderWithTaskMate()
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(mkfifo(folder.appendingPathComponent("taskmate/pipe.yaml").path, 0o644) == 0)
        let run = try #require(try RulecheckRun.run(["validate", folder.appendingPathComponent("taskmate").path], in: nil, timeout: 300),
                               "validate blocked on the FIFO")
        #expect(run.status == 1)
        #expect(run.stdout.contains("pipe.yaml' is a FIFO (named pipe), not a regular file"), "\(run.stdout)")
    }

    @Test func testWithALinkLoopInsideTheRulesFolderEnds() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try Self.folderWithTaskMate()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sub = folder.appendingPathComponent("taskmate/sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sub.appendingPathComponent("up").path, withDestinationPath: "..")
        let run = try #require(try RulecheckRun.run(["test", folder.appendingPathComponent("taskmate").path], in: nil, timeout: 300),
                               "rulecheck test did not end")
        #expect(run.status == 1)
        #expect(run.stderr.contains("symbolic link loop"), "\(run.stderr)")
    }

    @Test func sameFolderTwiceIsOneRuleSet() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["validate", "rules/taskmate", "rules/taskmate/.", "rules/taskmate/"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(!run.stdout.contains("E401"))
    }
}
