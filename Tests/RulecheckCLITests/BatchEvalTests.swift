import Foundation
import Testing
import TestSupport

/// `rulecheck eval --batch`: NDJSON states in, one decision per line out in input order, each the
/// `--format json` decision of that state; bad lines become error objects with their line number.
@Suite struct BatchEvalTests {
    static let states = ["new_user", "long_time_user", "showcase", "traveller"].map { "examples/taskmate/\($0).json" }

    /// The state files on one line each (JSON strings hold no raw newline).
    static func ndjson(_ lines: [String]) throws -> URL {
        let folder = try CommandLineTests.scratchFolder()
        let file = folder.appendingPathComponent("states.ndjson")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    static func oneLine(_ path: String) throws -> String {
        let text = try String(contentsOfFile: (RulecheckRun.packageRoot as NSString).appendingPathComponent(path), encoding: .utf8)
        return text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
    }

    /// Every worker but the first decides with its own copy of the rules (decoded from their
    /// compiled form), so more jobs and a locale check that copy too.
    @Test("each output line equals eval --format json on that state, in input order",
          arguments: [(1, nil), (2, nil), (4, nil), (3, "en")] as [(Int, String?)])
    func batchLinesEqualSingleEvaluations(jobs: Int, locale: String?) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        // Repeated so that a chunk holds more lines than there are jobs.
        let order = Array(repeating: Self.states, count: 20).joined().map { $0 }
        let file = try Self.ndjson(try order.map(Self.oneLine))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let localeArguments = locale.map { ["--locale", $0] } ?? []
        let run = try RulecheckRun.run(["eval", "rules/taskmate", "--batch", "--states", file.path, "--jobs", "\(jobs)"]
                                       + localeArguments)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(lines.count == order.count)
        var expected: [String: JSONTree] = [:]
        for state in Self.states {
            let single = try RulecheckRun.run(["eval", "rules/taskmate", "--state", state, "--format", "json"] + localeArguments)
            expected[state] = JSONTree.parse(single.stdout)
        }
        for (line, state) in zip(lines, order) {
            #expect(JSONTree.parse(String(line)) == expected[state], "line for \(state)")
            #expect(!line.contains("\n"))
        }
    }

    @Test("a bad line becomes an error object with its line number and the others are decided; exit 1")
    func badLinesAreReportedAndSkipped() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let good = try Self.oneLine("examples/taskmate/new_user.json")
        let lines = [good, "not json", "", #"{"schema": 1, "user": {"id": "u"}, "events": [{"type": "x"}]}"#, good]
        let file = try Self.ndjson(lines)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let run = try RulecheckRun.run(["eval", "rules/taskmate", "--batch", "--states", file.path])
        #expect(run.status == 1)
        let output = run.stdout.split(separator: "\n").map(String.init)
        // The blank line 3 gives no output line.
        try #require(output.count == 4, "\(run.stdout)")
        #expect(output[0].contains(#""user":"new_user""#))
        #expect(output[1].hasPrefix(#"{"line":2,"#) && output[1].contains(#""error":"#))
        #expect(output[2].hasPrefix(#"{"line":4,"path":"events[0].at","#))
        #expect(output[3] == output[0])
    }

    @Test("memory is bounded by the lines in flight, not by the input: 1,500 lines of 100 kB in under 100 MB",
          .enabled(if: PeakMemoryRun.isAvailable))
    func memoryStaysBoundedHoweverLongTheInput() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        // Each state carries 100 kB of app data, so the input is 150 MB: reading it all first
        // could not fit under the bound.
        let state = try Self.oneLine("examples/taskmate/new_user.json")
        let padded = "{\"app_data\": \"" + String(repeating: "x", count: 100_000) + "\", " + state.drop { $0 != "{" }.dropFirst()
        let lines = Array(repeating: padded, count: 1_500)
        let file = try Self.ndjson(lines)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let input = try #require(FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(input > 150_000_000)
        let run = try PeakMemoryRun.run(["eval", "rules/taskmate", "--batch", "--states", file.path, "--jobs", "2"])
        #expect(run.status == 0)
        #expect(run.peakBytes > 0 && run.peakBytes < 100_000_000, "peak \(run.peakBytes / 1_000_000) MB for \(input / 1_000_000) MB of input")
    }

    @Test("states come from stdin when --states is not given")
    func readsStandardInput() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let file = try Self.ndjson([try Self.oneLine("examples/taskmate/showcase.json")])
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let output = file.deletingLastPathComponent().appendingPathComponent("out.ndjson")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RulecheckRun.binary)
        process.arguments = ["eval", "rules/taskmate", "--batch"]
        process.currentDirectoryURL = URL(fileURLWithPath: RulecheckRun.packageRoot)
        process.standardInput = try FileHandle(forReadingFrom: file)
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let single = try RulecheckRun.run(["eval", "rules/taskmate", "--state", "examples/taskmate/showcase.json", "--format", "json"])
        let line = try String(contentsOf: output, encoding: .utf8)
        #expect(line.hasSuffix("\n") && line.dropLast().split(separator: "\n").count == 1)
        #expect(JSONTree.parse(line) == JSONTree.parse(single.stdout))
    }

    @Test("--batch with --state or --write-state, or --jobs without --batch, is bad usage", arguments: [
        ["--batch", "--state", "examples/taskmate/new_user.json"],
        ["--batch", "--write-state", "out.json"],
        ["--batch", "--jobs", "0"],
        ["--state", "examples/taskmate/new_user.json", "--jobs", "2"],
    ])
    func batchUsage(arguments: [String]) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["eval", "rules/taskmate"] + arguments)
        #expect(run.status == 2, "\(run.stderr)")
    }
}
