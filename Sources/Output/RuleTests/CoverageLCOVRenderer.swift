import RuleTests

/// `rulecheck test --coverage --coverage-format lcov` (docs/guide.md, "Test coverage"): an lcov tracefile over the
/// rule files, so coverage viewers show it on the YAML. Per file, by path: `SF:`; a branch
/// pair per condition (`BRDA:line,block,0,times true` and `…,1,times false`, `-` for both when
/// never evaluated) and per award (`0`: tests that unlocked it, `1`: tests that left it locked);
/// `BRF`/`BRH`; `DA:line,hits` for each line with a condition (its most evaluated one) or an
/// award (the tests that saw it); `LF`/`LH`; `end_of_record`. Summed over the files, `BRF` and
/// `BRH` are the report's outcomes and outcomes seen.
package struct CoverageLCOVRenderer: Renderer {
    package init() {}

    private struct Branch {
        var line: Int
        var taken: (Int, Int)?
    }

    package func render(_ coverages: [RuleSetCoverage]) -> String {
        var branches: [String: [Branch]] = [:]
        var lineHits: [String: [Int: Int]] = [:]
        for coverage in coverages {
            for award in coverage.report.awards {
                let file = award.span.file, line = award.span.start.line
                branches[file, default: []].append(Branch(line: line, taken: (award.unlocked, award.locked)))
                lineHits[file, default: [:]][line] = max(lineHits[file]?[line] ?? 0, award.unlocked + award.locked)
            }
            for condition in coverage.report.conditions {
                let file = condition.file, line = condition.position.line, outcomes = condition.outcomes
                let taken = outcomes.evaluated ? (outcomes.trueCount, outcomes.falseCount) : nil
                branches[file, default: []].append(Branch(line: line, taken: taken))
                let hits = outcomes.trueCount + outcomes.falseCount + outcomes.otherCount
                lineHits[file, default: [:]][line] = max(lineHits[file]?[line] ?? 0, hits)
            }
        }
        var text = ""
        for file in branches.keys.sorted() {
            text += "TN:\nSF:\(file)\n"
            var found = 0, hit = 0
            // Lines in order; a line's branch pairs in the order they were listed.
            let ordered = (branches[file] ?? []).enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
            for (block, entry) in ordered.map(\.element).enumerated() {
                found += 2
                guard let (yes, no) = entry.taken else {
                    text += "BRDA:\(entry.line),\(block),0,-\nBRDA:\(entry.line),\(block),1,-\n"
                    continue
                }
                hit += (yes > 0 ? 1 : 0) + (no > 0 ? 1 : 0)
                text += "BRDA:\(entry.line),\(block),0,\(yes)\nBRDA:\(entry.line),\(block),1,\(no)\n"
            }
            text += "BRF:\(found)\nBRH:\(hit)\n"
            let lines = lineHits[file] ?? [:]
            for line in lines.keys.sorted() { text += "DA:\(line),\(lines[line] ?? 0)\n" }
            text += "LF:\(lines.count)\nLH:\(lines.values.filter { $0 > 0 }.count)\nend_of_record\n"
        }
        return text
    }
}
