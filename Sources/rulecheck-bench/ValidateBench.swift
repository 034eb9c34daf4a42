import Foundation

/// `rulecheck-bench validate`: times the whole `rulecheck validate` process (spawned, release
/// build) on a generated rule set of 1,000 achievements in 10 files with metrics, a streak and a
/// catalog. Reports the median of several runs; the target is under 150 ms.
enum ValidateBench {
    static let files = 10
    static let achievementsPerFile = 100
    static let metricCount = 20

    /// Entry point (`rulecheck-bench validate [RUNS]`); exits with 1 when over target or failing.
    static func run(_ arguments: [String]) {
        let status = measure(arguments)
        if status != 0 { exit(status) }
    }

    /// `rulecheck` is looked for next to the bench executable unless `RULECHECK_BIN` is set.
    static func measure(_ arguments: [String]) -> Int32 {
        let runs = max(1, arguments.first.flatMap(Int.init) ?? 15)
        let binary = ProcessInfo.processInfo.environment["RULECHECK_BIN"]
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent("rulecheck").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            print("validate: no rulecheck binary at \(binary); build it with swift build -c release --product rulecheck")
            return 2
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-bench-\(getpid())")
        defer {
            if ProcessInfo.processInfo.environment["RULECHECK_BENCH_KEEP"] == nil { try? FileManager.default.removeItem(at: folder) }
        }
        do {
            try write(ruleSetIn: folder)
        } catch {
            print("validate: cannot write the rule set: \(error)")
            return 2
        }
        var times: [Double] = [], cpuTimes: [Double] = []
        for index in 0...runs {
            guard let child = ChildRun(binary: binary, arguments: ["validate", folder.path, "--format", "json"]),
                  child.status == 0 else {
                print("validate: rulecheck failed on the generated rule set:")
                print(report(binary, ["validate", folder.path]).split(separator: "\n").prefix(30).joined(separator: "\n"))
                return 1
            }
            if index > 0 {  // the first run warms the file cache
                times.append(child.wallSeconds * 1000)
                cpuTimes.append(child.cpuSeconds * 1000)
            }
        }
        times.sort()
        cpuTimes.sort()
        let median = times[times.count / 2]
        // CPU time (user + system) shows the cost without the noise of a shared, loaded machine.
        print(String(format: "validate: %d achievements in %d files: median %.1f ms wall (min %.1f, max %.1f), median %.1f ms CPU, %d runs (target < 150 ms)",
                     files * achievementsPerFile, files + 2, median, times.first ?? 0, times.last ?? 0,
                     cpuTimes[cpuTimes.count / 2], times.count))
        return median < 150 ? 0 : 1
    }

    /// The text output of one run, to show why the generated rule set failed.
    private static func report(_ binary: String, _ arguments: [String]) -> String {
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = pipe
        do { try process.run() } catch { return "\(error)" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The generated rule set: `metrics.yaml` (calendar, metrics, a streak, ranks), a catalog,
    /// and 10 achievement files.
    static func write(ruleSetIn folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var metrics = """
            schema: 1
            calendar: { timezone: event, day_starts: "04:00", kill_time: "22:00", late: exclude }
            metrics:

            """
        for m in 0..<metricCount {
            switch m % 4 {
            case 0: metrics += "  m\(m): events.filter(e, e.type == \"focus_session\").map(e, e.minutes).sum()\n"
            case 1: metrics += "  m\(m): events.filter(e, e.type == \"task_completed\" && e.hour < \(m % 24)).size()\n"
            case 2: metrics += "  m\(m): days.filter(d, d.status == \"completed\").size() + metrics.m\(m - 1)\n"
            default: metrics += "  m\(m): 'events.exists(e, e.type == \"t\(m)\") ? 1 : 0'\n"
            }
        }
        metrics += """
            streaks:
              - id: daily_use
                title: Daily
                counts: event.type in ["focus_session", "task_completed"]
                freezes: { max: 1, refill_days: 30, mode: manual }
                milestones:
                  - { days: 3, id: habit_3_days, title: Three, points: 100 }
                  - { days: 7, id: habit_7_days, title: Seven, points: 200 }
            ranks:
              - { id: novice, title: Novice, min_points: 0 }
              - { id: adept, title: Adept, min_points: 500 }

            """
        try metrics.write(to: folder.appendingPathComponent("metrics.yaml"), atomically: true, encoding: .utf8)

        var catalog = "schema: 1\ncatalog:\n  id: puzzle\n  version: 2\n  modules:\n"
        for module in 0..<5 { catalog += "    - { id: mod\(module), title: Module \(module) }\n" }
        catalog += "  levels:\n"
        for level in 0..<50 {
            catalog += "    - { id: level_\(level), module: mod\(level % 5), difficulties: [easy, hard], release: \(level % 2 + 1) }\n"
        }
        try catalog.write(to: folder.appendingPathComponent("catalog.yaml"), atomically: true, encoding: .utf8)

        for file in 0..<files {
            var text = "schema: 1\nachievements:\n"
            for a in 0..<achievementsPerFile {
                let n = file * achievementsPerFile + a
                text += "  - id: a\(n)\n    title: Achievement \(n)\n    points: \(n % 50)\n"
                switch n % 5 {
                case 0: text += "    when: metrics.m\(n % metricCount) >= \(n)\n"
                case 1: text += "    when: streaks.daily_use.current >= \(n % 30 + 1) && metrics.m\((n + 1) % metricCount) > 0\n"
                case 2: text += "    when: |\n      events.exists(e, e.type == \"level_completed\" && e.level == \"level_\(n % 50)\")\n      || levels.level_\(n % 50).completed\n"
                case 3: text += "    when: achievements.a\(n - 1).unlocked && today.count[\"task_completed\"] >= 3\n    requires: [a\(n - 3)]\n"
                default: text += "    complete_module: { catalog: puzzle, module: mod\(n % 5), difficulty: hard }\n"
                }
            }
            try text.write(to: folder.appendingPathComponent(String(format: "achievements_%02d.yaml", file)),
                           atomically: true, encoding: .utf8)
        }
    }
}
