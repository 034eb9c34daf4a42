/// Declarations that expressions are checked against, and the entry point to compile them.
///
/// Starts with the standard library of langdef (operators, `size`, string functions,
/// conversions, date/time accessors) plus `list.sum()`, `list.min()` and `list.max()`, and
/// cel-go's extension libraries: strings, math, lists, bindings (`cel.bind`) and optional
/// values (`'abc'.charAt(1)`, `math.greatest(a, b)`, `l.distinct()`, `m[?k].orValue(0)`).
package struct CELEnvironment: Sendable {
    /// The namespace names are resolved in (langdef "Name Resolution"), e.g. `com.example`.
    package var container: String
    /// Declared variables by qualified name.
    package private(set) var variables: [String: CELType] = [:]
    /// What each declared variable evaluates to when an activation does not bind it, made once
    /// and shared by every program compiled here (a rule set compiles thousands).
    private var unboundValues: [String: CELValue] = [:]
    /// Declared functions by qualified name, standard ones included.
    package private(set) var functions: [String: [CELOverload]] = CELEnvironment.builtInFunctions

    /// The standard declarations and the extension libraries'. A name in two of them (`_[_]`
    /// of optional values, `reverse` of lists and strings) has the overloads of both.
    static let builtInFunctions: [String: [CELOverload]] = CELLibrary.declarations

    package init(container: String = "") {
        self.container = container
    }

    /// Declares (or redeclares) a variable; `name` may be qualified (`com.example.x`).
    package mutating func declare(variable name: String, type: CELType) {
        variables[name] = type
        unboundValues[name] = CELProgram.unbound(name)
    }

    /// Adds overloads to a function, replacing any existing overload with the same id.
    package mutating func declare(function name: String, overloads: [CELOverload]) {
        var existing = functions[name] ?? []
        for overload in overloads {
            if let index = existing.firstIndex(where: { $0.id == overload.id }) {
                existing[index] = overload
            } else {
                existing.append(overload)
            }
        }
        functions[name] = existing
    }

    /// Parses `source`, expanding the macros (`has`, `all`, `exists`, `exists_one`, `map`,
    /// `filter`, the two-variable forms, and `math.greatest`/`math.least` with any number of
    /// arguments) unless `expandsMacros` is false.
    /// With `leafKinds`, identifier and literal nodes share their kinds with the other
    /// expressions parsed with it (`CELLeafKinds`).
    package func parse(_ source: String, expandsMacros: Bool = true,
                       leafKinds: CELLeafKinds? = nil) -> Result<CELAST, CELCompileErrors> {
        var parser = CELParser(source: source, expandsMacros: expandsMacros, leafKinds: leafKinds)
        return parser.parse()
    }

    /// Type-checks a parsed expression against the declarations of this environment.
    package func check(_ ast: CELAST) -> Result<CELCheckedAST, CELCompileErrors> {
        var checker = CELChecker(ast: ast, variables: variables, functions: functions, container: container)
        return checker.check()
    }

    /// The types the checker finds for the nodes of `ast`, even when it has errors (the nodes
    /// it could not type are missing): for editors, which complete expressions being written.
    package func typesLeniently(_ ast: CELAST) -> [CELExprID: CELType] {
        var checker = CELChecker(ast: ast, variables: variables, functions: functions, container: container)
        return checker.typesLeniently().types
    }

    /// Compiles (parse → check; the program is planned at its first evaluation). Errors are
    /// sorted by position. `leafKinds` as in `parse`.
    package func compile(_ source: String, leafKinds: CELLeafKinds? = nil) -> Result<CELProgram, CELCompileErrors> {
        do throws(CELCompileErrors) {
            return .success(try compiled(source, leafKinds: leafKinds))
        } catch {
            return .failure(error)
        }
    }

    /// `compile` with its errors thrown. The rule compiler calls this one: the parser and the
    /// checker throw too, so no `Result` is made, whose type the runtime would look up by name
    /// (with its conformances) the first time.
    package func compiled(_ source: String, leafKinds: CELLeafKinds? = nil) throws(CELCompileErrors) -> CELProgram {
        var parser = CELParser(source: source, expandsMacros: true, leafKinds: leafKinds)
        let ast = try parser.parsed()
        var checker = CELChecker(ast: ast, variables: variables, functions: functions, container: container)
        return CELProgram(checked: try checker.checked(), unboundValues: unboundValues)
    }
}
