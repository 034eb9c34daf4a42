/// The coverage of one rule set's tests: `name` is the rule set's name in `rulecheck.yaml`, `nil`
/// when the rule set was given by paths.
package struct RuleSetCoverage: Sendable {
    package var name: String?
    package var report: CoverageReport

    package init(name: String?, report: CoverageReport) {
        self.name = name
        self.report = report
    }
}
