import Diagnostics
import RuleModel

/// Everything `validate` needs from loading: the rule set when there is no error, every
/// diagnostic in report order, and the files read with their text (for rendering source lines).
package struct RuleSetLoadResult: Sendable {
    package var ruleSet: RuleSet?
    /// The rule tests of the files read (docs/guide.md, "Rule tests"), empty when there is an error.
    package var tests: [RuleTestCase] = []
    /// Sorted by `Diagnostic.reportOrder`.
    package var diagnostics: [Diagnostic]
    /// Rule files read, in sorted path order.
    package var files: [String]
    /// File path → its text, for every file read.
    package var sources: [String: String]
    /// Rule files that could not be read to their end (a YAML syntax error, a bound): the rule
    /// tests of the set do not run because of them.
    package var unreadFiles: [String] = []
    /// Why rule tests cannot run that name an id written inside a block scalar (E127), one line
    /// per such test, in file order.
    package var testsNamingSwallowedIDs: [String] = []

    package var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    package var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}
