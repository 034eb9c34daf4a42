import RuleTests

/// `rulecheck test --format junit`: JUnit XML, which CI systems show as a test view. A
/// `<testsuite>` per rule set, a `<testcase>` per test with the file and line of its `name`, a
/// `<failure>` listing each expectation that did not hold (expected against actual), an
/// `<error>` for a test whose state could not be evaluated or a rule set whose tests did not run.
/// No timestamps or durations, so the same rules give the same bytes.
package struct RuleTestJUnitRenderer: Renderer {
    package init() {}

    package func render(_ groups: [RuleTestGroup]) -> String {
        let tests = groups.map { $0.notRun == nil ? $0.results.count : 1 }.reduce(0, +)
        let failures = groups.map { group in group.results.filter { !$0.passed && $0.problem == nil }.count }.reduce(0, +)
        let errors = groups.map(Self.errorCount).reduce(0, +)
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += "<testsuites name=\"rulecheck test\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for group in groups { xml += suite(group) }
        return xml + "</testsuites>\n"
    }

    static func errorCount(_ group: RuleTestGroup) -> Int {
        group.notRun == nil ? group.results.filter { $0.problem != nil }.count : 1
    }

    private func suite(_ group: RuleTestGroup) -> String {
        let name = Self.escaped(group.name)
        if let notRun = group.notRun {
            return "  <testsuite name=\"\(name)\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n"
                + "    <testcase name=\"the rule set loads\" classname=\"\(name)\">\n"
                + "      <error message=\"the rule set has errors; its tests did not run\" type=\"rules\">"
                + Self.escaped(notRun) + "</error>\n    </testcase>\n  </testsuite>\n"
        }
        let failures = group.results.filter { !$0.passed && $0.problem == nil }.count
        var xml = "  <testsuite name=\"\(name)\" tests=\"\(group.results.count)\" failures=\"\(failures)\" "
            + "errors=\"\(Self.errorCount(group))\" skipped=\"0\">\n"
        for result in group.results {
            let attributes = "name=\"\(Self.escaped(result.name))\" classname=\"\(name)\" "
                + "file=\"\(Self.escaped(result.span.file))\" line=\"\(result.span.start.line)\""
            if result.passed {
                xml += "    <testcase \(attributes)/>\n"
                continue
            }
            xml += "    <testcase \(attributes)>\n"
            if let problem = result.problem {
                xml += "      <error message=\"\(Self.escaped("cannot evaluate the state: " + problem))\" type=\"state\">"
                    + Self.escaped(problem) + "</error>\n"
            }
            if !result.mismatches.isEmpty {
                let lines = result.mismatches.map { mismatch in
                    let at = mismatch.span.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
                    return "\(at)\(mismatch.subject): expected \(mismatch.expected), got \(mismatch.actual)"
                }
                let first = result.mismatches[0]
                let message = "\(first.subject): expected \(first.expected), got \(first.actual)"
                    + (result.mismatches.count > 1 ? " (and \(result.mismatches.count - 1) more)" : "")
                xml += "      <failure message=\"\(Self.escaped(message))\" type=\"expectation\">"
                    + Self.escaped(lines.joined(separator: "\n")) + "</failure>\n"
            }
            xml += "    </testcase>\n"
        }
        return xml + "  </testsuite>\n"
    }

    /// Text as XML character data or an attribute value: the five markup characters as entities,
    /// line breaks in attributes as character references (so they survive attribute
    /// normalization), and the characters XML 1.0 cannot hold at all as U+FFFD.
    package static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
