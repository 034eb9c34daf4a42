import JSON
import RuleTests

/// `rulecheck test --format json`: `{"rulesets": [{"name", "run", "problem", "passed", "failed",
/// "tests": [{"name", "file", "line", "column", "passed", "problem", "mismatches": [{"subject",
/// "expected", "actual", "file", "line", "column"}]}]}], "passed", "failed"}`, keys in this order,
/// one line. `run` is false when the rule set has errors (`problem` holds them as text).
package struct RuleTestJSONRenderer: Renderer {
    package init() {}

    package func render(_ groups: [RuleTestGroup]) -> String {
        let all = groups.flatMap(\.results)
        let passed = all.filter(\.passed).count
        let report = JSONObject([
            ("rulesets", .array(groups.map(Self.group))),
            ("passed", .int(Int64(passed))),
            ("failed", .int(Int64(all.count - passed))),
        ])
        return JSONWriter.write(.object(report), layout: .compact) + "\n"
    }

    private static func group(_ group: RuleTestGroup) -> JSONValue {
        .object(JSONObject([
            ("name", .string(group.name)),
            ("run", .bool(group.notRun == nil)),
            ("problem", group.notRun.map(JSONValue.string) ?? .null),
            ("passed", .int(Int64(group.passedCount))),
            ("failed", .int(Int64(group.failedCount))),
            ("tests", .array(group.results.map(test))),
        ]))
    }

    private static func test(_ result: RuleTestResult) -> JSONValue {
        let mismatches = result.mismatches.map { mismatch -> JSONValue in
            var object = JSONObject([
                ("subject", .string(mismatch.subject)),
                ("expected", .string(mismatch.expected)),
                ("actual", .string(mismatch.actual)),
            ])
            object["file"] = mismatch.span.map { .string($0.file) } ?? .null
            object["line"] = mismatch.span.map { .int(Int64($0.start.line)) } ?? .null
            object["column"] = mismatch.span.map { .int(Int64($0.start.column)) } ?? .null
            return .object(object)
        }
        return .object(JSONObject([
            ("name", .string(result.name)),
            ("file", .string(result.span.file)),
            ("line", .int(Int64(result.span.start.line))),
            ("column", .int(Int64(result.span.start.column))),
            ("passed", .bool(result.passed)),
            ("problem", result.problem.map(JSONValue.string) ?? .null),
            ("mismatches", .array(mismatches)),
        ]))
    }
}
