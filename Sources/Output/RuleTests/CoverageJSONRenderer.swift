import JSON
import RuleTests

/// `rulecheck test --coverage --coverage-format json` (docs/guide.md, "Test coverage"): `{"percent", "seen", "total",
/// "awards": {ID: {"unlocked", "locked"}}, "conditions": [{"file", "line", "column",
/// "expression", "true", "false"}]}`. With a workspace, over every rule set, plus `"rulesets":
/// {NAME: {"percent", "seen", "total"}}`; an award id that more than one rule set defines is
/// keyed `NAME/ID`.
package struct CoverageJSONRenderer: Renderer {
    package init() {}

    package func render(_ coverages: [RuleSetCoverage]) -> String {
        let figure = CoverageFigure(coverages.map { CoverageFigure($0.report) })
        var root = Self.figure(figure)
        var idCounts: [String: Int] = [:]
        for coverage in coverages {
            for award in coverage.report.awards { idCounts[award.id, default: 0] += 1 }
        }
        var awards = JSONObject()
        var conditions: [JSONValue] = []
        for coverage in coverages {
            for award in coverage.report.awards {
                let key = (idCounts[award.id] ?? 0) > 1 ? "\(coverage.name ?? "")/\(award.id)" : award.id
                awards[key] = .object(JSONObject([("unlocked", .bool(award.unlocked > 0)), ("locked", .bool(award.locked > 0))]))
            }
            for condition in coverage.report.conditions {
                conditions.append(.object(JSONObject([
                    ("file", .string(condition.file)),
                    ("line", .int(Int64(condition.position.line))),
                    ("column", .int(Int64(condition.position.column))),
                    ("expression", .string(condition.expression)),
                    ("true", .int(Int64(condition.outcomes.trueCount))),
                    ("false", .int(Int64(condition.outcomes.falseCount))),
                ])))
            }
        }
        root["awards"] = .object(awards)
        root["conditions"] = .array(conditions)
        if coverages.contains(where: { $0.name != nil }) {
            var ruleSets = JSONObject()
            for coverage in coverages {
                ruleSets[coverage.name ?? ""] = .object(Self.figure(CoverageFigure(coverage.report)))
            }
            root["rulesets"] = .object(ruleSets)
        }
        return JSONWriter.write(.object(root)) + "\n"
    }

    static func figure(_ figure: CoverageFigure) -> JSONObject {
        JSONObject([("percent", .double(Double(figure.tenths) / 10)), ("seen", .int(Int64(figure.seen))),
                    ("total", .int(Int64(figure.total)))])
    }
}
