import RuleTests

/// The rule tests of one rule set (a workspace's rule set, or the rules beside one tests file):
/// its name, the verdict of each test, or why none ran.
package struct RuleTestGroup: Sendable, Hashable {
    /// The rule set's name in `rulecheck.yaml`, or its rule paths joined by spaces.
    package var name: String
    package var results: [RuleTestResult]
    /// Set when the tests did not run: the rule set has errors (the diagnostics as text).
    package var notRun: String?

    package init(name: String, results: [RuleTestResult], notRun: String? = nil) {
        self.name = name
        self.results = results
        self.notRun = notRun
    }

    package var passedCount: Int { results.filter(\.passed).count }
    package var failedCount: Int { results.count - passedCount }
}
