/// Declarations that expressions are checked against, and the entry point to compile them.
public struct CELEnvironment: Sendable {
    /// The namespace names are resolved in (langdef "Name Resolution"), e.g. `com.example`.
    public var container: String

    public init(container: String = "") {
        self.container = container
    }

    public mutating func declare(variable name: String, type: CELType) {}

    /// Parses `source` with the standard macros expanded.
    public func parse(_ source: String) -> Result<CELAST, CELCompileErrors> {
        var parser = CELParser(source: source)
        return parser.parse()
    }

    /// Type-checks a parsed expression against the declarations of this environment.
    public func check(_ ast: CELAST) -> Result<CELCheckedAST, CELCompileErrors> {
        .success(CELCheckedAST(ast: ast, types: [:], references: [:]))
    }

    /// Compiles (parse → check → plan). Errors are sorted by position.
    public func compile(_ source: String) -> Result<CELProgram, CELCompileErrors> {
        let checked: CELCheckedAST
        switch parse(source).flatMap({ check($0) }) {
        case .failure(let errors): return .failure(errors)
        case .success(let result): checked = result
        }
        do {
            return .success(try CELProgram(checked: checked))
        } catch {
            return .failure(error)
        }
    }
}
