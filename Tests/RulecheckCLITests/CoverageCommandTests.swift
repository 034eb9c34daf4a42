import Foundation
import Testing
import TestSupport

/// `rulecheck test --coverage` (docs/guide.md, "Test coverage") over the
/// workspace `x30_coverage`. Its rule set `main` is written so that each kind of outcome is both
/// seen and missed: the expected figures below were counted by hand from its rules and tests
/// (13 conditions of `when`, `counts`, `day` and a boolean metric, 4 awards: 34 outcomes, 25 seen).
@Suite struct CoverageCommandTests {
    static let workspace = RulecheckRun.casePath("x30_coverage")

    static func run(_ arguments: [String]) throws -> RulecheckRun {
        try RulecheckRun.run(["test", "--coverage"] + arguments, in: workspace)
    }

    /// The rule-set lines, the total, then every outcome never seen at its file:line:column.
    @Test func textNamesEveryOutcomeNeverSeen() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try Self.run([])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            main: 2 passed, 0 failed
            small: 2 passed, 0 failed
            4 passed, 0 failed
            main: coverage: 73.5% (25 of 34 outcomes)
            small: coverage: 100.0% (4 of 4 outcomes)
            coverage: 76.3% (29 of 38 outcomes)
            rules/main/rules.yaml:4:9: never true: size(events) >= 3
            rules/main/rules.yaml:8:40: never true: event.type == "bonus"
            rules/main/rules.yaml:10:9: never unlocked: two_days
            rules/main/rules.yaml:18:5: never unlocked: marathon
            rules/main/rules.yaml:20:11: never true: metrics.sessions > 50 && metrics.busy
            rules/main/rules.yaml:20:11: never true: metrics.sessions > 50
            rules/main/rules.yaml:20:36: never evaluated: metrics.busy
            rules/main/rules.yaml:24:7: never true: metrics.busy

            """)
    }

    /// With paths there is no rule-set line: the coverage line follows the summary line.
    @Test func pathsGiveOneCoverageLine() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try Self.run(["rules/small"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2 passed, 0 failed\ncoverage: 100.0% (4 of 4 outcomes)\n")
    }

    /// The JSON shape of docs/guide.md, "Test coverage", with the counts of evaluations seen.
    @Test func jsonHasTheContractShape() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try Self.run(["rules/main", "--coverage-format", "json", "--coverage-out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2 passed, 0 failed\n", "the report goes to the file, not stdout")
        let report = try #require(JSONTree.load(out))
        #expect(Set(report.objectValue?.keys.map { $0 } ?? []) == ["percent", "seen", "total", "awards", "conditions"])
        #expect(report["percent"] == .number(73.5))
        #expect(report["seen"] == .number(25))
        #expect(report["total"] == .number(34))
        #expect(report["awards"] == .object([
            "first": .object(["unlocked": .bool(true), "locked": .bool(true)]),
            "marathon": .object(["unlocked": .bool(false), "locked": .bool(true)]),
            "either": .object(["unlocked": .bool(true), "locked": .bool(true)]),
            "two_days": .object(["unlocked": .bool(false), "locked": .bool(true)]),
        ]))
        let conditions = try #require(report["conditions"]?.arrayValue)
        #expect(conditions.count == 13)
        for condition in conditions {
            #expect(Set(condition.objectValue?.keys.map { $0 } ?? []) == ["file", "line", "column", "expression", "true", "false"])
        }
        func condition(_ expression: String, line: Int) -> JSONTree? {
            conditions.first { $0["expression"] == .string(expression) && $0["line"] == .number(Double(line)) }
        }
        let busy = try #require(condition("metrics.busy", line: 20))
        #expect(busy["column"] == .number(36))
        #expect(busy["true"] == .number(0) && busy["false"] == .number(0), "short-circuited: never evaluated")
        let first = try #require(condition("metrics.sessions >= 1", line: 17))
        // Evaluated at every checkpoint of both replays, `now` included, also after it unlocked
        // (which the replay itself does not judge again): 09:00, 10:00 and 12:00 of the first
        // test true, `now` of the second false.
        #expect(first["true"] == .number(3) && first["false"] == .number(1))
        let counts = try #require(condition(#"event.type == "session""#, line: 8))
        // Over the two events of the first test: one of each.
        #expect(counts["true"] == .number(1) && counts["false"] == .number(1))
        let day = try #require(condition("day.events.size() >= 2", line: 13))
        // `today` at each checkpoint (09:00 one event: false; 10:00 and 12:00: true; the second
        // test's empty day: false), then every day at `now` (the first test's day: true).
        #expect(day["true"] == .number(3) && day["false"] == .number(2))
    }

    /// The workspace's JSON totals every rule set and gives each its figure.
    @Test func jsonOfAWorkspaceHasEachRuleSet() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try Self.run(["--coverage-format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(run.stdout.range(of: "{").map { String(run.stdout[$0.lowerBound...]) })
        let report = try #require(JSONTree.parse(json))
        #expect(report["seen"] == .number(29) && report["total"] == .number(38))
        #expect(report["rulesets"]?["main"]?["percent"] == .number(73.5))
        #expect(report["rulesets"]?["small"]?["seen"] == .number(4))
        #expect(report["awards"]?["opened"] != nil && report["awards"]?["first"] != nil)
    }

    /// An id that two rule sets define is keyed by rule set; a failing test still gives its
    /// coverage (and the run fails for the test).
    @Test func jsonKeysAnIdOfTwoRuleSetsByRuleSet() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["test", "--coverage", "--coverage-format", "json"],
                                       in: RulecheckRun.casePath("x05_workspace"))
        #expect(run.status == 1)
        let json = try #require(run.stdout.range(of: "{").map { String(run.stdout[$0.lowerBound...]) })
        let report = try #require(JSONTree.parse(json))
        #expect(report["awards"] == .object([
            "alpha/first_event": .object(["unlocked": .bool(true), "locked": .bool(false)]),
            "beta/first_event": .object(["unlocked": .bool(false), "locked": .bool(true)]),
        ]))
        #expect(report["seen"] == .number(4) && report["total"] == .number(8))
    }

    /// An lcov tracefile over the rule files: its branches sum to the report's outcomes.
    @Test func lcovParsesAndSumsToTheReport() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try Self.run(["--ruleset", "main", "--coverage-format", "lcov"])
        #expect(run.status == 0, "\(run.stderr)")
        let body = try #require(run.stdout.range(of: "TN:\n").map { String(run.stdout[$0.lowerBound...]) })
        let records = try LCOVRecord.parse(body)
        #expect(records.map(\.file) == ["rules/main/rules.yaml"])
        let record = try #require(records.first)
        #expect(record.branchesFound == 34 && record.branchesHit == 25)
        #expect(record.branches.count == 34)
        #expect(record.branches.filter { $0.taken != nil && $0.taken != 0 }.count == 25)
        // `metrics.busy` of marathon: never evaluated, so both its branches are `-`.
        #expect(record.branches.filter { $0.line == 20 && $0.taken == nil }.count == 2)
        #expect(record.lines[17].map { $0 > 0 } == true)
        #expect(record.linesFound == record.lines.count)
    }

    /// `--coverage-min P` fails (exit 1) below P %, compared exactly (73.529… ≥ 73.5).
    @Test(arguments: [("0", Int32(0)), ("73.5", 0), ("73.6", 1), ("100", 1)])
    func minimumDecidesTheExit(minimum: String, status: Int32) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try Self.run(["--ruleset", "main", "--coverage-min", minimum])
        #expect(run.status == status, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("main: coverage: 73.5% (25 of 34 outcomes)"))
    }

    /// The five products' tests keep at least 90 % of their outcomes and unlock every award.
    @Test func productsKeepTheirCoverage() throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("products-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try RulecheckRun.run(["test", "--coverage", "--coverage-min", "90", "--coverage-format", "json",
                                        "--coverage-out", out])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let report = try #require(JSONTree.load(out))
        let ruleSets = try #require(report["rulesets"]?.objectValue)
        #expect(Set(ruleSets.keys) == ["taskmate", "puzzle", "weekyii", "lifer", "skinlab"])
        for (name, figure) in ruleSets {
            #expect((figure["percent"]?.numberValue ?? 0) >= 90, "\(name)")
        }
        let awards = try #require(report["awards"]?.objectValue)
        #expect(awards.count > 50)
        #expect(awards.filter { $0.value["unlocked"] != .bool(true) }.map(\.key).sorted() == [], "never unlocked")
    }

    /// Coverage options without `--coverage`, or a minimum that is no percentage: bad usage.
    @Test(arguments: [["--coverage-min", "50"], ["--coverage-format", "lcov"], ["--coverage-out", "x.txt"],
                      ["--coverage", "--coverage-min", "150"], ["--coverage", "--coverage-format", "xml"]])
    func badOptionsAreUsageErrors(arguments: [String]) throws {
        try #require(RulecheckRun.binaryExists, "\(RulecheckRun.binaryMissingMessage)")
        let run = try RulecheckRun.run(["test"] + arguments, in: Self.workspace)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
    }
}

/// One `SF:` record of an lcov tracefile, parsed strictly (an unknown line fails the test).
struct LCOVRecord {
    struct Branch {
        var line: Int
        /// `nil` for `-` (the block was never reached).
        var taken: Int?
    }

    var file = ""
    var branches: [Branch] = []
    var branchesFound = -1
    var branchesHit = -1
    var lines: [Int: Int] = [:]
    var linesFound = -1
    var linesHit = -1

    struct Malformed: Error, CustomStringConvertible {
        var line: String
        var description: String { "malformed lcov line: \(line)" }
    }

    static func parse(_ text: String) throws -> [LCOVRecord] {
        var records: [LCOVRecord] = []
        var current: LCOVRecord?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) where !line.isEmpty {
            let parts = line.split(separator: ":", maxSplits: 1).map(String.init)
            let fields = parts.count == 2 ? parts[1].split(separator: ",").map(String.init) : []
            switch parts[0] {
            case "TN": current = LCOVRecord()
            case "SF": current?.file = parts.count == 2 ? parts[1] : ""
            case "BRDA":
                guard fields.count == 4, let line = Int(fields[0]), Int(fields[1]) != nil, Int(fields[2]) != nil
                else { throw Malformed(line: line) }
                current?.branches.append(Branch(line: line, taken: Int(fields[3])))
            case "BRF": current?.branchesFound = Int(fields.first ?? "") ?? -1
            case "BRH": current?.branchesHit = Int(fields.first ?? "") ?? -1
            case "DA":
                guard fields.count == 2, let line = Int(fields[0]), let hits = Int(fields[1]) else { throw Malformed(line: line) }
                current?.lines[line] = hits
            case "LF": current?.linesFound = Int(fields.first ?? "") ?? -1
            case "LH": current?.linesHit = Int(fields.first ?? "") ?? -1
            case "end_of_record":
                guard let record = current else { throw Malformed(line: line) }
                records.append(record)
                current = nil
            default: throw Malformed(line: line)
            }
        }
        guard current == nil else { throw Malformed(line: "no end_of_record") }
        return records
    }
}
