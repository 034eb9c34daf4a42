import Diagnostics

/// The rule sets of a repository, named in `rulecheck.yaml` at its root (docs/rules.md,
/// "Workspaces"). Each rule set is checked on its own: ids may repeat across rule sets.
package struct Workspace: Sendable {
    /// One named rule set: the paths that make it, already joined with the workspace's folder.
    package struct Entry: Sendable {
        package var name: String
        package var paths: [String]
        /// Where the name is written in `rulecheck.yaml`.
        package var span: SourceSpan
        /// The example state editors evaluate the rule set on (`example:`), joined with the
        /// workspace's folder, and where its value is written.
        package var example: String?
        package var exampleSpan: SourceSpan?

        package init(name: String, paths: [String], span: SourceSpan, example: String? = nil, exampleSpan: SourceSpan? = nil) {
            self.name = name
            self.paths = paths
            self.span = span
            self.example = example
            self.exampleSpan = exampleSpan
        }
    }

    /// The file's name: `rulecheck.yaml`.
    package static let fileName = "rulecheck.yaml"

    /// The path of the workspace file, as it was found (relative to the current folder).
    package var file: String
    /// In the order the file lists them.
    package var ruleSets: [Entry]

    package init(file: String, ruleSets: [Entry]) {
        self.file = file
        self.ruleSets = ruleSets
    }

    package var names: [String] { ruleSets.map(\.name) }

    package func ruleSet(named name: String) -> Entry? { ruleSets.first { $0.name == name } }
}
