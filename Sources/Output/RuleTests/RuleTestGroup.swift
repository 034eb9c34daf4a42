import RuleTests

/// The rule tests of one rule set (a workspace's rule set, or the rules beside one tests file):
/// its name, the verdict of each test, or why none ran.
package struct RuleTestGroup: Sendable, Hashable {
    /// The rule set's name in `rulecheck.yaml`, or its rule paths joined by spaces.
    package var name: String
    package var results: [RuleTestResult]
    /// Set when the tests did not run: the rule set has errors (the diagnostics as text).
    package var notRun: String?
    /// Why the tests did not run, in a few words (`'rules.yaml' could not be read`).
    package var notRunReason: String

    package init(name: String, results: [RuleTestResult], notRun: String? = nil,
                 notRunReason: String = "the rule set has errors") {
        self.name = name
        self.results = results
        self.notRun = notRun
        self.notRunReason = notRunReason
    }

    package var passedCount: Int { results.filter(\.passed).count }
    package var failedCount: Int { results.count - passedCount }
}
