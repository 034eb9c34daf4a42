import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `--watch`: the command runs, runs again after a watched file changes, and Ctrl-C (SIGINT) ends
/// it with exit status 0.
@Suite struct WatchTests {
    struct Case: Sendable, CustomStringConvertible {
        var arguments: [String]
        /// The file to change, and how.
        var file: String
        var from: String?, to: String
        /// In standard output after the first run, and after the second.
        var first: String, second: String
        var description: String { arguments.prefix(1).joined() }
    }

    static let cases = [
        Case(arguments: ["validate", "rules/lifer", "--watch"], file: "rules/lifer/rules.yaml",
             from: "metrics.records >= 1", to: "metrics.record >= 1",
             first: "0 errors, 0 warnings in 3 files\n", second: "error[E302]: unknown metric 'record'"),
        Case(arguments: ["test", "--watch"], file: "rules/lifer/tests.yaml",
             from: "      points: 10\n", to: "      points: 11\n",
             first: "10 passed, 0 failed\n", second: "points: expected 11, got 10"),
        // The state file changes (a line added at its end): the decision is printed again.
        Case(arguments: ["eval", "--ruleset", "lifer", "--state", "examples/lifer/new_user.json", "--watch"],
             file: "examples/lifer/new_user.json", from: nil, to: "\n",
             first: "初次体验", second: "初次体验"),
    ]

    @Test(arguments: cases)
    func runsAgainOnChangeAndStopsOnInterrupt(_ watch: Case) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try CIReportTests.lifer(addingOddTest: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/stdout", err = folder + "/stderr"
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RulecheckRun.binary)
        process.arguments = watch.arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

        // The first run is done when it says it is watching.
        try #require(Self.waitFor { read(err).contains("Ctrl-C to stop") }, "no first run: \(read(out)) \(read(err))")
        let firstRun = read(out)
        #expect(firstRun.contains(watch.first), "\(firstRun)")
        let path = folder + "/" + watch.file
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let changed = watch.from.map { text.replacingOccurrences(of: $0, with: watch.to) } ?? text + watch.to
        #expect(changed != text)
        try changed.write(toFile: path, atomically: false, encoding: .utf8)

        try #require(Self.waitFor { read(err).components(separatedBy: "Ctrl-C to stop").count > 2 },
                     "no second run: \(read(out)) \(read(err))")
        #expect(read(err).contains("changed: ") && read(err).contains(watch.file + "; running again"), "\(read(err))")
        let secondRun = String(read(out).dropFirst(firstRun.count))
        #expect(secondRun.contains(watch.second), "\(secondRun)")
        if watch.from == nil { #expect(secondRun == firstRun) }

        kill(process.processIdentifier, SIGINT)
        try #require(Self.waitFor { !process.isRunning }, "still running after SIGINT")
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    @Test func watchDoesNotGoWithBatch() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["eval", "rules/lifer", "--batch", "--watch"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--watch does not go with --batch"), "\(run.stderr)")
    }

    /// Polls `condition` until it holds, up to two minutes (a safety net, not a time limit).
    static func waitFor(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }
}
