import Foundation
import Testing
import TestSupport

/// An `eval` command line of the plain form (paths, `--option value`, `--batch`) is read without
/// ArgumentParser; the same line written `--option=value` always goes through ArgumentParser. Both
/// must give the same output, messages and exit status, errors included.
@Suite struct PlainEvalArgumentsTests {
    static let lines: [[String]] = [
        ["eval", "rules/taskmate", "--state", "examples/taskmate/showcase.json"],
        ["eval", "rules/taskmate", "--state", "examples/taskmate/long_time_user.json", "--format", "json"],
        ["eval", "--ruleset", "taskmate", "--state", "examples/taskmate/showcase.json", "--locale", "zh-Hans",
         "--now", "2026-03-01T12:00:00Z", "--format", "json"],
        ["eval", "--ruleset", "skinlab", "--state", "examples/skinlab/long_time_user.json", "--format", "html"],
        ["eval", "--ruleset", "taskmate", "--state", "examples/taskmate/showcase.json", "--now", "2026-13-01"],
        ["eval", "--ruleset", "taskmate", "--state", "examples/taskmate/showcase.json", "--format", "xml"],
        ["eval", "rules/taskmate", "--state", "examples/taskmate/showcase.json", "--jobs", "2"],
        ["eval", "rules/taskmate", "--batch", "--state", "examples/taskmate/showcase.json"],
        ["eval", "rules/taskmate", "--batch", "--jobs", "0"],
        ["eval", "rules/taskmate", "--format", "json"],
        ["eval", "rules/no-such-folder", "--state", "examples/taskmate/showcase.json"],
        ["eval", "--ruleset", "taskmate", "--state", "examples/taskmate/showcase.json", "--bad-events", "skip",
         "--format", "json"],
        ["eval", "--ruleset", "taskmate", "--state", "examples/taskmate/showcase.json", "--bad-events", "ignore"],
    ]

    /// `line` with every option's value joined to it by `=`.
    static func joined(_ line: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < line.count {
            let argument = line[index]
            if argument.hasPrefix("--"), argument != "--batch", index + 1 < line.count {
                result.append(argument + "=" + line[index + 1])
                index += 2
            } else {
                result.append(argument)
                index += 1
            }
        }
        return result
    }

    @Test("the plain form and the --option=value form give the same run", arguments: lines)
    func sameRunEitherWay(line: [String]) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let plain = try RulecheckRun.run(line)
        let parsed = try RulecheckRun.run(Self.joined(line))
        #expect(Self.joined(line) != line, "the second form must differ from the plain one")
        #expect(plain.status == parsed.status)
        #expect(plain.stdout == parsed.stdout)
        #expect(plain.stderr == parsed.stderr)
    }

    @Test("a batch reads the same decisions either way")
    func batchEitherWay() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plain-eval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = try Data(contentsOf: Repository.root.appendingPathComponent("examples/taskmate/showcase.json"))
        let object = try JSONSerialization.jsonObject(with: state)
        let line = try JSONSerialization.data(withJSONObject: object)
        let file = folder.appendingPathComponent("states.ndjson")
        try (line + Data("\n".utf8) + line + Data("\n".utf8)).write(to: file)
        let arguments = ["eval", "--ruleset", "taskmate", "--batch", "--states", file.path, "--jobs", "1"]
        let plain = try RulecheckRun.run(arguments)
        let parsed = try RulecheckRun.run(Self.joined(arguments))
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.split(separator: "\n").count == 2)
        #expect(plain.stdout == parsed.stdout)
        #expect(plain.stderr == parsed.stderr)
    }
}
