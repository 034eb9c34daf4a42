// PLACEHOLDER BODIES until the CEL work (issue 3) lands; signatures are the contract.

/// Declarations that expressions are checked against, and the entry point to compile them.
public struct CELEnvironment: Sendable {
    public init(container: String = "") {}
    public mutating func declare(variable name: String, type: CELType) {}
    /// Compiles (parse → check → plan). Errors are sorted by position.
    public func compile(_ source: String) -> Result<CELProgram, CELCompileErrors> {
        .failure(CELCompileErrors(issues: []))
    }
}
