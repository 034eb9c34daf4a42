import Foundation
import Testing
import TestSupport

/// Every input a fuzz target found (`Tests/FuzzRegressions`, docs/fuzzing.md) runs through the
/// command line again: it ends quickly with exit 0, 1 or 2, never a signal or a hang.
@Suite struct FuzzRegressionTests {
    static let folder = RulecheckRun.packageRoot + "/Tests/FuzzRegressions"

    static var evalFindings: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("eval-") }.sorted()
    }

    @Test(arguments: evalFindings)
    func evalFindingEndsCleanly(name: String) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        // A hang guard in wall time on the debug binary: the 99-year finding takes about 9 s of CPU
        // there (0.4 s in release) and went past 30 s of wall time on a loaded 2-core machine, so
        // the bound is 120 s: a finding that hangs again still fails it.
        let run = try #require(try RulecheckRun.run(["eval", "rules/taskmate", "--state", Self.folder + "/" + name],
                                                    in: nil, timeout: 300), "\(name) did not end within 300 s")
        #expect([0, 1, 2].contains(run.status), "\(name): exit \(run.status)")
    }

    /// The day-span finding is refused naming the outlying event.
    @Test func evalOneEventIn1013TwoIn2026IsRefused() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["eval", "rules/taskmate", "--state",
                                        Self.folder + "/eval-one-event-in-1013-two-in-2026.json"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("events[1].at"), "\(run.stderr)")
        #expect(run.stderr.contains("36600 days"), "\(run.stderr)")
    }
}
