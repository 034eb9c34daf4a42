import Diagnostics

/// The diagnostics of one rule set of a workspace (docs/rules.md, "Workspaces"): its name, what
/// loading it reported and how many files it read.
package struct DiagnosticGroup: Sendable {
    /// The rule set's name in `rulecheck.yaml`; `nil` for the workspace file's own diagnostics.
    package var name: String?
    package var diagnostics: [Diagnostic]
    package var fileCount: Int

    package init(name: String?, diagnostics: [Diagnostic], fileCount: Int) {
        self.name = name
        self.diagnostics = diagnostics.sorted(by: Diagnostic.reportOrder)
        self.fileCount = fileCount
    }

    package var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    package var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}
