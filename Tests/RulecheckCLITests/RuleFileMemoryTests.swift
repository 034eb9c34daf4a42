import Foundation
import Testing
import TestSupport

/// A large rule file is held in memory in proportion to its size (docs/bad-input.md, "Rule
/// files"): `validate` of thousands of achievements, each with a CEL condition, peaks at a bounded
/// multiple of the file's size above what a one-achievement file of the same shape takes.
@Suite struct RuleFileMemoryTests {
    /// The bound on the peak beyond the base, as a multiple of the file's size, for the debug
    /// build the tests run (the release build takes less; docs/bad-input.md gives both).
    static let ratio = 20

    /// `count` achievements shaped like a large product's: text fields, a CEL condition over a
    /// metric and the events, and a `meta` mapping.
    static func ruleFile(achievements count: Int) -> String {
        var text = """
            schema: 1
            metrics:
              focus_minutes: events.filter(e, e.type == "focus_session").map(e, e.minutes).sum()
            achievements:

            """
        for i in 0..<count {
            text += """
                  - id: badge_\(i)
                    title: Badge number \(i) for the focused
                    description: Finish \(i) focus minutes in total to earn this badge of honour
                    category: focus
                    points: \(i % 100)
                    when: metrics.focus_minutes >= \(i + 1) && events.exists(e, e.type == "focus_session" && e.minutes > \(i))
                    meta: { icon: clock_\(i), color: blue }

                """
        }
        return text
    }

    /// Validates a generated file of `count` achievements: its size and the run's peak memory.
    static func validate(achievements count: Int) throws -> (size: Int, peak: Int) {
        let folder = try CommandLineTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = ruleFile(achievements: count)
        try text.write(to: folder.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        let run = try PeakMemoryRun.run(["validate", folder.path])
        #expect(run.status == 0, "validate of \(count) achievements failed")
        return (text.utf8.count, run.peakBytes)
    }

    @Test("validate of 4,000 achievements (1.3 MB) peaks under 20× the file above the base",
          .enabled(if: PeakMemoryRun.isAvailable))
    func largeRuleFileMemoryIsProportional() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let base = try Self.validate(achievements: 1)
        let large = try Self.validate(achievements: 4_000)
        #expect(large.size > 1_000_000)
        let growth = large.peak - base.peak
        #expect(base.peak > 0 && growth < Self.ratio * large.size,
                "peak \(large.peak / 1_000_000) MB, base \(base.peak / 1_000_000) MB, for \(large.size / 1_000) kB: \(growth / large.size)× beyond the base")
    }
}
