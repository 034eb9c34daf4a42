import Foundation
import Testing
import TestSupport

/// The command line's contract (README.md, "Command line"): exit statuses, `--now`, `--write-state`, YAML state files
/// and the diagnostic formats, checked on the built binary.
@Suite struct CommandLineTests {
    static func casePath(_ name: String, _ parts: String...) -> String {
        parts.reduce(RulecheckRun.casePath(name)) { ($0 as NSString).appendingPathComponent($1) }
    }

    static func decision(_ arguments: [String]) throws -> JSONTree {
        let run = try RulecheckRun.run(arguments)
        try #require(run.status == 0, "exit \(run.status): \(run.stderr)")
        return try #require(JSONTree.parse(run.stdout), "not JSON: \(run.stdout.prefix(300))")
    }

    static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    // MARK: exit statuses

    /// Bad usage is exit 2, whatever the subcommand.
    @Test(arguments: [
        ["eval", "Tests/RulecheckCLITests/Cases/c15_requires_available/rules"],            // no --state
        ["eval", "Tests/RulecheckCLITests/Cases/c15_requires_available/rules", "--state",
         "Tests/RulecheckCLITests/Cases/c15_requires_available/state.json", "--format", "xml"],
        ["eval", "Tests/RulecheckCLITests/Cases/c15_requires_available/rules", "--state",
         "Tests/RulecheckCLITests/Cases/c15_requires_available/state.json", "--now", "next tuesday"],
        ["validate", "Tests/RulecheckCLITests/Cases/c15_requires_available/rules", "--format", "yaml"],
        ["validate", "Tests/RulecheckCLITests/Cases/c15_requires_available/rules", "--bogus"],
        ["explain", "Tests/RulecheckCLITests/Cases/c15_requires_available/rules", "--state",
         "Tests/RulecheckCLITests/Cases/c15_requires_available/state.json"],                // no id
        ["frobnicate"],
    ])
    func badUsageExitsTwo(arguments: [String]) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(arguments)
        #expect(run.status == 2, "\(arguments): exit \(run.status), stderr \(run.stderr.prefix(200))")
    }

    /// An unreadable state file is exit 2 and nothing is written.
    @Test func missingStateFileExitsTwo() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = folder.appendingPathComponent("out.json").path
        let run = try RulecheckRun.run(["eval", Self.casePath("c15_requires_available", "rules"), "--state",
                                        folder.appendingPathComponent("absent.json").path, "--write-state", written])
        #expect(run.status == 2)
        #expect(run.stderr.contains("absent.json"))
        #expect(!FileManager.default.fileExists(atPath: written))
    }

    /// Rules with errors: exit 1 from every subcommand that loads them, nothing written by eval.
    @Test func ruleErrorsExitOne() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let rules = Self.casePath("r01_common_mistakes", "rules")
        let state = Self.casePath("c15_requires_available", "state.json")
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = folder.appendingPathComponent("out.json").path
        #expect(try RulecheckRun.run(["validate", rules]).status == 1)
        let eval = try RulecheckRun.run(["eval", rules, "--state", state, "--write-state", written])
        #expect(eval.status == 1, "eval on broken rules: exit \(eval.status)")
        #expect(eval.stderr.contains("focus_minute"), "eval prints the rule diagnostics: \(eval.stderr.prefix(300))")
        #expect(!FileManager.default.fileExists(atPath: written))
        #expect(try RulecheckRun.run(["explain", rules, "--state", state, "a1"]).status == 1)
        #expect(try RulecheckRun.run(["test", rules]).status == 1)
    }

    /// Warnings alone pass; `--strict` turns them into a failure (README.md, "Command line").
    @Test func strictFailsOnWarnings() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let rules = Self.casePath("x01_strict_warning_only", "rules")
        let plain = try RulecheckRun.run(["validate", rules, "--format", "json"])
        #expect(plain.status == 0, "warnings only: exit \(plain.status)")
        let report = try #require(JSONTree.parse(plain.stdout))
        #expect(report["errors"] == .number(0))
        #expect(report["warnings"] == .number(1))
        let warning = try #require(report["diagnostics"]?.arrayValue?.first)
        #expect(warning["severity"] == .string("warning"))
        let file = warning["file"]?.stringValue ?? ""
        #expect(file.hasSuffix("achievements.yaml"))
        #expect(warning["line"] == .number(5))
        let strict = try RulecheckRun.run(["validate", rules, "--strict"])
        #expect(strict.status == 1, "--strict with a warning: exit \(strict.status)")
        let github = try RulecheckRun.run(["validate", rules, "--format", "github"])
        #expect(github.stdout.hasPrefix("::warning file="), "\(github.stdout)")
    }

    /// `rulecheck test`: a failing rule test is exit 1, and the last line counts both.
    @Test func ruleTestFailureExitsOne() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["test", Self.casePath("x02_rule_tests", "rules")])
        #expect(run.status == 1)
        let last = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last == "1 passed, 1 failed", "last line: \(last)")
        #expect(run.stdout.contains("a wrong expectation fails"))
        #expect(run.stdout.contains("two"), "the failure says what differed")
    }

    // MARK: eval options

    /// `--now` replaces the file's `now`: earlier, today (kill time not passed) is pending and
    /// the streak is at risk; at the file's now (after the kill time), it is broken.
    @Test func nowOptionOverridesTheFile() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let rules = Self.casePath("c23_today_missed_after_kill", "rules")
        let state = Self.casePath("c23_today_missed_after_kill", "state.json")
        let early = try Self.decision(["eval", rules, "--state", state, "--format", "json", "--now", "2026-01-07T19:00:00+08:00"])
        #expect(Instant.parse(early["now"]?.stringValue ?? "") == Instant.parse("2026-01-07T11:00:00Z"))
        #expect(early["streaks"]?["daily"]?["status"] == .string("at_risk"))
        #expect(early["streaks"]?["daily"]?["current"] == .number(2))
        let late = try Self.decision(["eval", rules, "--state", state, "--format", "json"])
        #expect(late["streaks"]?["daily"]?["status"] == .string("broken"))
    }

    /// A later `--now` takes in the events that were in the future for the file's `now`.
    @Test func laterNowTakesInFutureEvents() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let name = "c21_future_and_unsorted"
        let decision = try Self.decision(["eval", Self.casePath(name, "rules"), "--state", Self.casePath(name, "state.json"),
                                          "--format", "json", "--now", "2026-04-10T00:00:00Z"])
        let ids = decision["unlocks"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        // `ordered` held at 04-02 (two events then) and stays unlocked; the third event unlocks three_pings.
        #expect(ids == ["one_ping", "ordered", "three_pings"])
        let codes = decision["warnings"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
        #expect(!codes.contains("future_event"))
    }

    /// A YAML state file (by extension) gives the same decision as the same state in JSON.
    @Test func yamlStateMatchesJSONState() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let name = "c15_requires_available"
        let fromJSON = try Self.decision(["eval", Self.casePath(name, "rules"), "--state", Self.casePath(name, "state.json"), "--format", "json"])
        let fromYAML = try Self.decision(["eval", Self.casePath(name, "rules"), "--state", Self.casePath(name, "state.yaml"), "--format", "json"])
        #expect(fromYAML == fromJSON)
    }

    /// Evaluating twice gives the same bytes (deterministic output), in both formats.
    @Test(arguments: ["json", "text"])
    func outputIsDeterministic(format: String) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let name = "c13_module_release_new_levels"
        let arguments = ["eval", Self.casePath(name, "rules"), "--state", Self.casePath(name, "state.json"), "--format", format]
        let first = try RulecheckRun.run(arguments)
        let second = try RulecheckRun.run(arguments)
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(!first.stdout.isEmpty)
    }

    /// The text view shows new unlocks first, then progress, streaks, points and rank (docs/evaluation.md, "The decision").
    @Test func textViewShowsUnlocksFirst() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let name = "c16_rank_next"
        let run = try RulecheckRun.run(["eval", Self.casePath(name, "rules"), "--state", Self.casePath(name, "state.json")])
        #expect(run.status == 0)
        let text = run.stdout
        let unlock = try #require(text.range(of: "a60"), "\(text)")
        let rank = try #require(text.range(of: "Adept"), "\(text)")
        let locked = try #require(text.range(of: "a500"), "\(text)")
        #expect(unlock.lowerBound < locked.lowerBound)
        #expect(locked.lowerBound < rank.lowerBound)
        #expect(text.contains("110"))
    }

    /// `explain` of an unlocked achievement names its unlock time; of a locked one, the false part.
    @Test func explainSaysWhyAndWhen() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let name = "c16_rank_next"
        let rules = Self.casePath(name, "rules")
        let state = Self.casePath(name, "state.json")
        let unlocked = try RulecheckRun.run(["explain", rules, "--state", state, "a60"])
        #expect(unlocked.status == 0)
        #expect(unlocked.stdout.contains("2026-04-02T10:00:00Z"), "\(unlocked.stdout)")
        let locked = try RulecheckRun.run(["explain", rules, "--state", state, "a500"])
        #expect(locked.status == 0)
        #expect(locked.stdout.contains("events.size()"), "\(locked.stdout)")
        #expect(locked.stdout.contains("2"), "the value of events.size() at now")
        let unknown = try RulecheckRun.run(["explain", rules, "--state", state, "a5000"])
        #expect(unknown.status != 0, "an unknown achievement id is refused")
    }

    // MARK: --write-state

    /// `--write-state`: the written state re-evaluates to no new unlock, with the same times and
    /// points, keeps unknown top-level keys, records a module unlock's catalog version, and leaves
    /// no temporary file behind (docs/state-file.md; docs/evaluation.md, "Replay"; README.md, "Command line").
    @Test(arguments: ["c14_module_unlock_version", "c20_stored_unlock_counts_from_at", "x03_write_state",
                      "c11_backfill_days", "c36_backfill_fixed_cut_off"])
    func writtenStateIsIdempotent(name: String) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = Self.casePath(name, "rules")
        let original = Self.casePath(name, "state.json")
        let written = folder.appendingPathComponent("state.json").path
        let first = try Self.decision(["eval", rules, "--state", original, "--format", "json", "--write-state", written])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.json"], "a temporary file was left behind")
        let second = try Self.decision(["eval", rules, "--state", written, "--format", "json"])
        #expect(second["unlocks"] == .array([]), "re-evaluation unlocked again: \(second["unlocks"]?.brief ?? "")")
        #expect(second["points"] == first["points"])
        #expect(second["rank"] == first["rank"])
        #expect(second["achievements"] == first["achievements"], "achievement states, times and progress are unchanged")
        #expect(second["streaks"] == first["streaks"], "the backfill cut-off is kept")
        for unlock in first["unlocks"]?.arrayValue ?? [] {
            let id = unlock["id"]?.stringValue ?? ""
            let entry = second["achievements"]?[id]
            #expect(entry?["state"] == .string("unlocked"), "\(id)")
            #expect(Instant.parse(entry?["unlocked_at"]?.stringValue ?? "") == Instant.parse(unlock["at"]?.stringValue ?? "x"), "\(id)")
        }
        let before = try #require(JSONTree.load(original))
        let after = try #require(JSONTree.load(written))
        for key in before.objectValue?.keys.sorted() ?? [] where key != "unlocked" {
            #expect(after[key] == before[key], "top-level key \(key) not kept as it was")
        }
        // The first evaluation's moment is recorded once (a state that had one keeps it).
        let backfill = before["backfill"] ?? .object(["at": first["now"] ?? .null])
        #expect(after["backfill"] == backfill)
        let third = try Self.decision(["eval", rules, "--state", written, "--format", "json", "--write-state", written])
        #expect(third["unlocks"] == .array([]))
        #expect(JSONTree.load(written) == after, "writing the written state again changes nothing")
    }

    /// A module unlock written back carries its catalog version, so a later release shows new levels.
    @Test func writtenModuleUnlockKeepsCatalogVersion() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "c14_module_unlock_version"
        let written = folder.appendingPathComponent("state.json").path
        _ = try Self.decision(["eval", Self.casePath(name, "rules"), "--state", Self.casePath(name, "state.json"),
                               "--format", "json", "--write-state", written])
        let unlocked = try #require(JSONTree.load(written)?["unlocked"]?.arrayValue)
        let spring = try #require(unlocked.first { $0["id"] == .string("spring_done") })
        #expect(spring["catalog_version"] == .number(3))
        #expect(Instant.parse(spring["at"]?.stringValue ?? "") == Instant.parse("2026-01-11T20:00:00+08:00"))
    }

    // MARK: validate formats

    /// JSON, SARIF and GitHub renderings of the same diagnostics agree on place, code and count.
    @Test func validateFormatsAgree() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let rules = Self.casePath("r03_catalog_and_traps", "rules")
        let json = try RulecheckRun.run(["validate", rules, "--format", "json"])
        #expect(json.status == 1)
        let report = try #require(JSONTree.parse(json.stdout))
        let diagnostics = try #require(report["diagnostics"]?.arrayValue)
        #expect(report["errors"] == .number(Double(diagnostics.count)))
        #expect(report["warnings"] == .number(0))
        for diagnostic in diagnostics {
            for key in ["file", "line", "column", "end_line", "end_column", "severity", "code", "message"] {
                #expect(diagnostic[key] != nil, "diagnostic without \(key): \(diagnostic.brief)")
            }
        }
        let places = diagnostics.map { "\($0["file"]?.stringValue ?? ""):\($0["line"]?.brief ?? ""):\($0["column"]?.brief ?? "")" }
        let sorted = diagnostics.sorted {
            ($0["file"]?.stringValue ?? "", $0["line"]?.numberValue ?? 0, $0["column"]?.numberValue ?? 0)
                < ($1["file"]?.stringValue ?? "", $1["line"]?.numberValue ?? 0, $1["column"]?.numberValue ?? 0)
        }
        #expect(diagnostics == sorted, "diagnostics sorted by file, line, column: \(places)")

        let sarif = try RulecheckRun.run(["validate", rules, "--format", "sarif"])
        #expect(sarif.status == 1)
        let log = try #require(JSONTree.parse(sarif.stdout))
        #expect(log["version"] == .string("2.1.0"))
        let sarifRun = try #require(log["runs"]?.arrayValue?.first)
        #expect(sarifRun["tool"]?["driver"]?["name"] == .string("rulecheck"))
        let results = sarifRun["results"]?.arrayValue ?? []
        #expect(results.count == diagnostics.count)
        for (result, diagnostic) in zip(results, diagnostics) {
            #expect(result["ruleId"] == diagnostic["code"])
            #expect(result["level"] == .string("error"))
            let location = result["locations"]?.arrayValue?.first?["physicalLocation"]
            #expect(location?["region"]?["startLine"] == diagnostic["line"])
            #expect(location?["region"]?["startColumn"] == diagnostic["column"])
            let uri = location?["artifactLocation"]?["uri"]?.stringValue ?? ""
            #expect(uri.hasSuffix((diagnostic["file"]?.stringValue as NSString?)?.lastPathComponent ?? "?"))
        }

        let github = try RulecheckRun.run(["validate", rules, "--format", "github"])
        #expect(github.status == 1)
        let lines = github.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == diagnostics.count)
        for (line, diagnostic) in zip(lines, diagnostics) {
            let file = diagnostic["file"]?.stringValue ?? ""
            #expect(line.hasPrefix("::error file=\(file),line=\(diagnostic["line"]?.brief ?? ""),col=\(diagnostic["column"]?.brief ?? "")"), "\(line)")
            #expect(!line.dropFirst(2).contains("\n"))
        }
    }

    /// The text format: one block per diagnostic with the source line and a caret, then the summary.
    @Test func validateTextSummary() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["validate", Self.casePath("r01_common_mistakes", "rules")])
        #expect(run.status == 1)
        let output = run.stdout + run.stderr
        #expect(output.contains("achievements.yaml:7:19: error[E302]: unknown metric 'focus_minute'; did you mean 'focus_minutes'?"), "\(output)")
        #expect(output.contains("\n7 |     when: metrics.focus_minute >= 600\n"))
        #expect(output.contains("^^^^^^^^^^^^"))
        #expect(output.contains("5 errors, 0 warnings in 1 file"))
    }

    // MARK: --baseline

    /// `validate --baseline OLD`: a removed or moved released level, a lower version and a changed
    /// release are errors; dropping a scheduled level, renaming, and growing are fine (docs/rules.md, "catalog").
    @Test func baselineRejectsBreakingCatalogChanges() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let old = Self.casePath("x04_baseline", "old")
        let broken = try RulecheckRun.run(["validate", Self.casePath("x04_baseline", "new"), "--baseline", old, "--format", "json"])
        #expect(broken.status == 1)
        let messages = (JSONTree.parse(broken.stdout)?["diagnostics"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
        #expect(messages.count == 4, "\(messages)")
        for needle in ["'a1'", "'a2'", "'a3'", "version"] {
            #expect(messages.contains { $0.contains(needle) }, "nothing about \(needle): \(messages)")
        }
        #expect(!messages.contains { $0.contains("'a4'") }, "a4 was never released: \(messages)")
        let grown = try RulecheckRun.run(["validate", Self.casePath("x04_baseline", "grown"), "--baseline", old])
        #expect(grown.status == 0, "\(grown.stdout)")
    }

    // MARK: milestone category

    /// Milestones "appear in the output with `category: streak` unless set" (docs/rules.md, "streaks[]"); plain
    /// achievements default to "general" (docs/rules.md, "achievements[]").
    @Test func milestonesCarryTheStreakCategory() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let name = "c12_streak_broken_none"
        let decision = try Self.decision(["eval", Self.casePath(name, "rules"), "--state", Self.casePath(name, "state.json"), "--format", "json"])
        #expect(decision["achievements"]?["daily_3"]?["category"] == .string("streak"),
                "\(decision["achievements"]?["daily_3"]?.brief ?? "")")
        #expect(decision["achievements"]?["was_three"]?["category"] == .string("general"))
    }

    // MARK: size




    @Test func largeOneLineStateEvaluatesQuickly() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let start = 1_767_225_600  // 2026-01-01T00:00:00Z
        let formatter = ISO8601DateFormatter()
        var events: [String] = []
        events.reserveCapacity(20_000)
        for index in 0..<20_000 {
            let at = formatter.string(from: Date(timeIntervalSince1970: Double(start + index * 60)))
            events.append("{\"type\":\"ping\",\"at\":\"\(at)\",\"n\":\(index)}")
        }
        let state = folder.appendingPathComponent("state.json")
        let text = "{\"schema\":1,\"user\":{\"id\":\"big\"},\"now\":\"2026-03-01T00:00:00Z\",\"events\":[" + events.joined(separator: ",") + "]}"
        try text.write(to: state, atomically: true, encoding: .utf8)
        // The timeout only keeps a hang from stopping the suite; the speed of this case is
        // guarded by `make bench-check`, which counts instructions.
        let run = try RulecheckRun.run(["eval", Self.casePath("c21_future_and_unsorted", "rules"), "--state", state.path,
                                        "--format", "json"], in: nil, timeout: 600)
        let finished = try #require(run, "20,000 one-line events: not done after 600 s")
        #expect(finished.status == 0, "\(finished.stderr.prefix(300))")
        #expect(JSONTree.parse(finished.stdout)?["achievements"]?["three_pings"]?["state"] == .string("unlocked"))
    }

    // MARK: messages for bad options

    /// A `--now` without an offset is bad usage (exit 2) with a readable message that names the
    /// option — not a JSON path (`$:`) or a garbled sentence.
    /// A bad `--now` is a command-line error, reported before any file is read: with a state file
    /// that does not exist, the option is what is named, not the file.
    @Test(arguments: [["eval"], ["explain"]])
    func badNowIsReportedBeforeTheStateFile(command: [String]) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let name = "c16_rank_next"
        let id = command == ["explain"] ? ["some_award"] : []
        let run = try RulecheckRun.run(command + [Self.casePath(name, "rules")] + id
                                       + ["--state", "/nonexistent/state.json", "--now", "next tuesday"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--now 'next tuesday'"), "\(run.stderr)")
        #expect(!run.stderr.contains("nonexistent"), "\(run.stderr)")
    }

    @Test func nowWithoutOffsetIsExplained() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let name = "c16_rank_next"
        let run = try RulecheckRun.run(["eval", Self.casePath(name, "rules"), "--state", Self.casePath(name, "state.json"),
                                        "--now", "2026-04-03T00:00:00"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--now"))
        #expect(run.stderr.contains("offset"))
        #expect(!run.stderr.contains("$:"), "\(run.stderr)")
        #expect(!run.stderr.contains("is timestamp has"), "\(run.stderr)")
    }

    /// `--write-state` into a folder that does not exist: exit 2, nothing created.
    @Test func writeStateIntoMissingFolderFails() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("missing/state.json").path
        let name = "c16_rank_next"
        let run = try RulecheckRun.run(["eval", Self.casePath(name, "rules"), "--state", Self.casePath(name, "state.json"),
                                        "--write-state", target])
        #expect(run.status == 2, "exit \(run.status)")
        #expect(run.stderr.contains("missing"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
