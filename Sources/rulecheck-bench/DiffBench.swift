import Foundation

/// `rulecheck-bench diff [RUNS]`: the cost of `rulecheck diff --states` against `eval --batch`
/// (docs/diff.md, "Cost": about two `eval --batch` runs; the bench's bound is 2.5×) over 4,000 TaskMate states
/// of 100 events, both with the same `--jobs` (every core), each run RUNS times (default 3)
/// and judged by the median wall time. Then 2,000 and 20,000 states once each: the peak memory
/// of 20,000 must be no more than that of 2,000. The new version changes one threshold (its
/// effects reach most states). Uses the release binary; run from the repository root.
enum DiffBench {
    static let binary = ".build/release/rulecheck"

    @discardableResult
    static func run(arguments: [String]) -> Int32 {
        let runs = max(1, arguments.first.flatMap(Int.init) ?? 3)
        guard FileManager.default.fileExists(atPath: "rules/taskmate/achievements.yaml") else {
            print("diff: run from the repository root (rules/taskmate not found)")
            return 2
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-diff-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let newRules = folder.appendingPathComponent("taskmate").path
        let states = folder.appendingPathComponent("states.ndjson").path
        do {
            try FileManager.default.createDirectory(atPath: newRules, withIntermediateDirectories: true)
            for file in try FileManager.default.contentsOfDirectory(atPath: "rules/taskmate") where file != "tests.yaml" {
                var text = try String(contentsOfFile: "rules/taskmate/\(file)", encoding: .utf8)
                if file == "achievements.yaml" { text = text.replacingOccurrences(of: "focus_minutes >= 600", with: "focus_minutes >= 300") }
                try text.write(toFile: (newRules as NSString).appendingPathComponent(file), atomically: true, encoding: .utf8)
            }
        } catch {
            print("diff: cannot write the changed rule set: \(error)")
            return 2
        }
        let jobs = String(ProcessInfo.processInfo.activeProcessorCount)
        let eval = { ["eval", "rules/taskmate", "--batch", "--states", states, "--jobs", jobs] }
        let diff = { ["diff", "--old", "rules/taskmate", "--new", newRules, "--states", states, "--jobs", jobs] }
        var missed: [String] = []

        guard write(states: 4_000, to: states),
              let batch = median(runs: runs, eval()), let compared = median(runs: runs, diff()) else {
            print("diff: \(binary) not found or failed; build it with `swift build -c release --product rulecheck`")
            return 2
        }
        let ratio = compared.wallSeconds / batch.wallSeconds
        print(String(format: "diff: 4,000 TaskMate states of 100 events, --jobs %@: eval --batch %.2f s wall (%.2f s CPU), diff %.2f s wall (%.2f s CPU): %.2fx (target: 2.5x)",
                     jobs, batch.wallSeconds, batch.cpuSeconds, compared.wallSeconds, compared.cpuSeconds, ratio))
        if ratio > 2.5 { missed.append("diff time") }

        var peaks: [Int] = []
        for count in [2_000, 20_000] {
            guard write(states: count, to: states), let child = ChildRun(binary: binary, arguments: diff()) else {
                missed.append("diff \(count) states")
                continue
            }
            peaks.append(child.peakKilobytes)
            print(String(format: "diff: %d states: %.2f s wall, peak %.1f MB", count, child.wallSeconds, Double(child.peakKilobytes) / 1024))
        }
        // 5% slack: the allocator's high-water mark moves by a few pages from run to run.
        if peaks.count == 2, Double(peaks[1]) > Double(peaks[0]) * 1.05 { missed.append("diff memory") }
        if !missed.isEmpty { print("diff: missed: \(missed.joined(separator: ", "))") }
        return missed.isEmpty ? 0 : 1
    }

    private static func write(states count: Int, to path: String) -> Bool {
        let lines = (0..<count).map(HistoryText.hundredEvents(user:))
        return (try? HistoryText.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: path)) != nil
    }

    /// The run of median wall time among `runs` runs; nil when one fails.
    private static func median(runs: Int, _ arguments: [String]) -> ChildRun? {
        let children = (0..<runs).compactMap { _ in ChildRun(binary: binary, arguments: arguments) }
        guard children.count == runs else { return nil }
        return children.sorted { $0.wallSeconds < $1.wallSeconds }[runs / 2]
    }
}
