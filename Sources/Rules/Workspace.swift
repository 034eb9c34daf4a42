import Diagnostics

/// The rule sets of a repository, named in `rulecheck.yaml` at its root (docs/rules.md,
/// "Workspaces"). Each rule set is checked on its own: ids may repeat across rule sets.
public struct Workspace: Sendable {
    /// One named rule set: the paths that make it, already joined with the workspace's folder.
    public struct Entry: Sendable {
        public var name: String
        public var paths: [String]
        /// Where the name is written in `rulecheck.yaml`.
        public var span: SourceSpan

        public init(name: String, paths: [String], span: SourceSpan) {
            self.name = name
            self.paths = paths
            self.span = span
        }
    }

    /// The file's name: `rulecheck.yaml`.
    public static let fileName = "rulecheck.yaml"

    /// The path of the workspace file, as it was found (relative to the current folder).
    public var file: String
    /// In the order the file lists them.
    public var ruleSets: [Entry]

    public init(file: String, ruleSets: [Entry]) {
        self.file = file
        self.ruleSets = ruleSets
    }

    public var names: [String] { ruleSets.map(\.name) }

    public func ruleSet(named name: String) -> Entry? { ruleSets.first { $0.name == name } }
}
