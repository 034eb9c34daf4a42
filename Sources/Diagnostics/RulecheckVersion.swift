/// The one place the tool's version is declared. `rulecheck --version`, the SARIF log's tool
/// driver, the release tarball's name (`make dist` asks the built binary) and the man page all
/// take it from here. `contract` names the version of the rule files, state files and decisions
/// (the formats docs/ describes) that the tool implements.
public enum RulecheckVersion {
    /// The release, semantic versioning.
    public static let tool = "1.1.0"
    /// The version of the formats (rule files, state files, decisions) this release implements.
    public static let contract = "1.3"
    /// What `rulecheck --version` prints: `rulecheck 1.1.0 (contract 1.3)`.
    public static let line = "rulecheck \(tool) (contract \(contract))"
}
