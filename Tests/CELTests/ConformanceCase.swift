import Foundation
@testable import CEL

/// One conformance test: parse, check unless disabled, plan, evaluate, compare.
struct ConformanceCase {
    let test: [String: Any]

    init(_ test: [String: Any]) {
        self.test = test
    }

    /// `nil` when the test passes, else what went wrong.
    func run() -> String? {
        guard let source = test["expr"] as? String else { return "no expression" }
        let container = (test["container"] as? String) ?? ""
        let disableCheck = (test["disable_check"] as? Bool) ?? false
        let checkOnly = (test["check_only"] as? Bool) ?? false
        let environment: CELEnvironment
        do {
            environment = try declaredEnvironment(container: container)
        } catch {
            return "unsupported declaration: \(error)"
        }
        let ast: CELAST
        let expandsMacros = !((test["disable_macros"] as? Bool) ?? false)
        switch environment.parse(source, expandsMacros: expandsMacros) {
        case .success(let parsed): ast = parsed
        case .failure(let errors): return "parse error: \(errors.issues.map(\.message))"
        }
        var program: CELProgram
        var checkedType: CELType?
        do {
            program = try CELProgram(parsed: ast, container: container)
            if !disableCheck || checkOnly {
                switch environment.check(ast) {
                case .failure(let errors): return "check error: \(errors.issues.map(\.message))"
                case .success(let checked):
                    program = CELProgram(checked: checked)
                    checkedType = checked.resultType
                }
            }
        } catch {
            return "plan error: \(error)"
        }
        if let typed = test["typed_result"] as? [String: Any], let deduced = typed["deduced_type"] {
            guard let expected = try? ConformanceValue.type(deduced) else { return "unsupported type" }
            guard let checkedType else { return "no checker to deduce \(expected.runtimeName)" }
            if checkedType != expected { return "deduced \(checkedType.runtimeName), expected \(expected.runtimeName)" }
        }
        if checkOnly { return nil }
        guard let bindings = bindings() else { return "unsupported binding" }
        let activation = CELActivation(bindings)
        let result = program.evaluate(activation)
        // The traced path is planned separately (no folding, recording closures): it must agree.
        let traced = program.evaluateTraced(activation).value
        if !(traced.sameValue(result) || (traced.isError && result.isError)) {
            return "traced evaluation gave \(traced), plain gave \(result)"
        }
        // So must the unchecked plan (dynamic dispatch on run-time kinds, names resolved late).
        if let dynamic = try? CELProgram(parsed: ast, container: container).evaluate(activation),
           !(dynamic.sameValue(result) || (dynamic.isError && result.isError)) {
            return "unchecked evaluation gave \(dynamic), checked gave \(result)"
        }
        if test["eval_error"] != nil {
            return result.isError ? nil : "expected an error, got \(result)"
        }
        guard let expected = expectedValue() else { return "unsupported expected value" }
        return result.sameValue(expected) ? nil : "got \(result), expected \(expected)"
    }

    /// The environment of the test's `type_env` declarations.
    private func declaredEnvironment(container: String) throws -> CELEnvironment {
        var environment = CELEnvironment(container: container)
        for declaration in (test["type_env"] as? [[String: Any]]) ?? [] {
            guard let name = declaration["name"] as? String else { continue }
            if let ident = declaration["ident"] as? [String: Any] {
                environment.declare(variable: name, type: try ConformanceValue.type(ident["type"] as Any))
            } else if let function = declaration["function"] as? [String: Any] {
                let overloads = try ((function["overloads"] as? [[String: Any]]) ?? []).map { overload in
                    CELOverload(id: (overload["overload_id"] as? String) ?? "",
                                parameters: try ((overload["params"] as? [Any]) ?? []).map(ConformanceValue.type),
                                result: try ConformanceValue.type(overload["result_type"] as Any),
                                typeParameters: (overload["type_params"] as? [String]) ?? [],
                                isInstance: (overload["is_instance_function"] as? Bool) ?? false)
                }
                environment.declare(function: name, overloads: overloads)
            }
        }
        return environment
    }

    /// The test's bindings (a binding without a value is an error value); `nil` when one is unsupported.
    private func bindings() -> [String: CELValue]? {
        var bindings: [String: CELValue] = [:]
        for (name, binding) in (test["bindings"] as? [String: Any]) ?? [:] {
            guard let binding = binding as? [String: Any] else { continue }
            if let value = binding["value"] {
                guard let decoded = try? ConformanceValue.value(value) else { return nil }
                bindings[name] = decoded
            } else {
                bindings[name] = .error(CELError(.other, "bound error"))
            }
        }
        return bindings
    }

    /// The expected result: `value`, `typed_result.result`, or true; `nil` when unsupported.
    private func expectedValue() -> CELValue? {
        if let value = test["value"] {
            return try? ConformanceValue.value(value)
        } else if let typed = test["typed_result"] as? [String: Any], let value = typed["result"] {
            return try? ConformanceValue.value(value)
        }
        return .bool(true)
    }
}
