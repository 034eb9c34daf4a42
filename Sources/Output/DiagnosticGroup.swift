import Diagnostics

/// The diagnostics of one rule set of a workspace (docs/rules.md, "Workspaces"): its name, what
/// loading it reported and how many files it read.
public struct DiagnosticGroup: Sendable {
    /// The rule set's name in `rulecheck.yaml`; `nil` for the workspace file's own diagnostics.
    public var name: String?
    public var diagnostics: [Diagnostic]
    public var fileCount: Int

    public init(name: String?, diagnostics: [Diagnostic], fileCount: Int) {
        self.name = name
        self.diagnostics = diagnostics.sorted(by: Diagnostic.reportOrder)
        self.fileCount = fileCount
    }

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}
