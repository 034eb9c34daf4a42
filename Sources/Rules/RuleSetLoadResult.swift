import Diagnostics
import RuleModel

/// Everything `validate` needs from loading: the rule set when there is no error, every
/// diagnostic in report order, and the files read with their text (for rendering source lines).
public struct RuleSetLoadResult: Sendable {
    public var ruleSet: RuleSet?
    /// The rule tests of the files read (docs/guide.md, "Rule tests"), empty when there is an error.
    public var tests: [RuleTestCase] = []
    /// Sorted by `Diagnostic.reportOrder`.
    public var diagnostics: [Diagnostic]
    /// Rule files read, in sorted path order.
    public var files: [String]
    /// File path → its text, for every file read.
    public var sources: [String: String]

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}
