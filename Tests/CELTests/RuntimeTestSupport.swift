@testable import CEL

/// Compiles `source` through parse → check → plan with the given variables and evaluates it.
func evaluateChecked(_ source: String, variables: [String: (CELType, CELValue)] = [:],
                     costLimit: Int = 10_000_000) -> CELValue {
    var environment = CELEnvironment()
    for (name, declaration) in variables { environment.declare(variable: name, type: declaration.0) }
    switch environment.compile(source) {
    case .success(let program):
        return program.evaluate(CELActivation(variables.mapValues(\.1)), costLimit: costLimit)
    case .failure(let errors):
        return .error(CELError(.other, "compile: \(errors.issues.map(\.message))"))
    }
}

/// Parses and plans `source` without checking (dynamic dispatch) and evaluates it.
func evaluateUnchecked(_ source: String, bindings: [String: CELValue] = [:], costLimit: Int = 10_000_000) -> CELValue {
    switch CELEnvironment().parse(source) {
    case .success(let ast):
        do {
            return try CELProgram(parsed: ast).evaluate(CELActivation(bindings), costLimit: costLimit)
        } catch {
            return .error(CELError(.other, "plan: \(error)"))
        }
    case .failure(let errors):
        return .error(CELError(.other, "parse: \(errors.issues.map(\.message))"))
    }
}

/// What a test expects of an evaluation: a value (compared with CEL equality, NaN = NaN) or
/// an error of a kind.
enum Expected: Sendable, CustomStringConvertible {
    case value(CELValue)
    case error(CELError.Kind)

    func matches(_ result: CELValue) -> Bool {
        switch self {
        case .value(let expected): return result.sameValue(expected)
        case .error(let kind): return result.error?.kind == kind
        }
    }

    var description: String {
        switch self {
        case .value(let value): "\(value)"
        case .error(let kind): "error(\(kind))"
        }
    }
}
